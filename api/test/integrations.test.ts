import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definePlugin, type GuestUpdatedContext } from '@cpq/plugin-sdk';
import { INTEGRATIONS_NOT_CONFIGURED, type IntegrationProvider } from '../src/adapters/integrations/index.ts';
import { PluginRegistry } from '../src/plugins.ts';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';

/**
 * Integrations: the admin page's connect session (owners only, enabled integrations only, through
 * the configured provider; none configured says so) and the organisations' guestUpdated hooks.
 */
class FakeProvider implements IntegrationProvider {
  readonly name = 'fake';
  sessions: unknown[] = [];
  events: unknown[] = [];
  async connectSession(args: { orgId: number; userId: number; integrationKey: string }) {
    this.sessions.push(args);
    return { connectUrl: `https://connect.example.test/${args.orgId}/${args.integrationKey}`, expiresAt: '2026-11-23T18:00:00.000Z' };
  }
  async trigger(args: { orgId: number; integrationKey: string; event: string; payload: Record<string, unknown> }) {
    this.events.push(args);
  }
}

const CONNECT = '/api/integrations/get-connect-session';
const UPDATE = '/api/orgs/update-guest-data';

describe.each(databases)('integrations on $name', (dbCase) => {
  let t: TestApp;
  let bare: TestApp;
  const provider = new FakeProvider();
  const heard: GuestUpdatedContext[] = [];
  const logged: unknown[] = [];
  let owner: Client, member: Client, guest: Client, owner850: Client;
  let guestUserId: number;

  beforeAll(async () => {
    // 1053's own plugin (the Monday sync) plus a listener; 850 with a hook that fails.
    const plugins = new PluginRegistry([
      definePlugin({
        orgId: 1053,
        compatibility: [1],
        rules: {
          integrations: {
            guestUpdated: [
              async (ctx) => {
                heard.push(ctx);
              },
              (await import('../../org-plugins/org-1053/src/mondaySync.ts')).pushGuestToMonday,
            ],
          },
        },
      }),
      definePlugin({ orgId: 850, compatibility: [1], rules: { integrations: { guestUpdated: [() => Promise.reject(new Error('hook down'))] } } }),
    ]);
    t = await startTestApp(dbCase, { integrations: provider, plugins, logError: (err) => logged.push(err) });
    bare = await startTestApp(dbCase);
    [owner, member, guest, owner850] = await Promise.all([t.as('owner-1053@demo.test'), t.as('member-1053@demo.test'), t.as('guest-1053@demo.test'), t.as('owner-850@demo.test')]);
    guestUserId = (await t.repos.users.findOne({ email: 'guest-1053@demo.test' }))!.id;
  });
  afterAll(async () => {
    await t?.close();
    await bare?.close();
  });

  it('opens a connect session for an enabled integration, for owners only', async () => {
    const res = await owner.post(CONNECT, { orgId: 1053, integrationKey: 'monday' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual({ connectUrl: 'https://connect.example.test/1053/monday', expiresAt: '2026-11-23T18:00:00.000Z' });
    const ownerId = (await t.repos.users.findOne({ email: 'owner-1053@demo.test' }))!.id;
    expect(provider.sessions).toEqual([{ orgId: 1053, userId: ownerId, integrationKey: 'monday' }]);

    expect((await member.post(CONNECT, { orgId: 1053, integrationKey: 'monday' })).status).toBe(403);
    expect((await guest.post(CONNECT, { orgId: 1053, integrationKey: 'monday' })).status).toBe(403);
    expect((await owner850.post(CONNECT, { orgId: 1053, integrationKey: 'monday' })).status).toBe(404);
    expect((await t.client().post(CONNECT, { orgId: 1053, integrationKey: 'monday' })).status).toBe(401);
    expect(provider.sessions).toHaveLength(1);
  });

  it('refuses an integration the organisation has not enabled, and bad bodies', async () => {
    const off = await owner.post(CONNECT, { orgId: 1053, integrationKey: 'hubspot' });
    expect(off.status).toBe(404);
    expect(off.body.error).toMatchObject({ code: 'integrationNotEnabled', message: 'The integration "hubspot" is not enabled for this organisation.' });
    expect((await owner850.post(CONNECT, { orgId: 850, integrationKey: 'monday' })).body.error.code).toBe('integrationNotEnabled');
    for (const body of [{}, { orgId: 1053 }, { orgId: 1053, integrationKey: '' }, { orgId: 1053, integrationKey: '../x' }, { orgId: 1053, integrationKey: 'monday', extra: 1 }]) {
      expect((await owner.post(CONNECT, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(provider.sessions).toHaveLength(1);
  });

  it('says plainly that no provider is configured when none is', async () => {
    const res = await (await bare.as('owner-1053@demo.test')).post(CONNECT, { orgId: 1053, integrationKey: 'monday' });
    expect(res.status).toBe(503);
    expect(res.body.error).toEqual({ code: 'integrationsNotConfigured', message: INTEGRATIONS_NOT_CONFIGURED });
  });

  it('tells the organisation’s hooks when a guest’s data changes, and the Monday sync pushes a linked guest', async () => {
    await t.repos.guests.update({ orgId: 1053, userId: guestUserId }, { integrationsData: { monday: { itemId: 5551 } } });
    const res = await owner.post(UPDATE, { orgId: 1053, userId: guestUserId, updateProps: { appData: { designEngine: { discount: { type: 'percent', value: 15 } } } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({ orgId: 1053, userId: guestUserId, guest: { email: 'guest-1053@demo.test', discount: { type: 'percent', value: 15 }, integrationsData: { monday: { itemId: 5551 } } } });
    expect(provider.events).toEqual([
      {
        orgId: 1053,
        integrationKey: 'monday',
        event: 'guestUpdated',
        payload: expect.objectContaining({ mondayItemId: '5551', userId: guestUserId, email: 'guest-1053@demo.test', discountPercent: 15, salesTax: 'Enabled' }),
      },
    ]);
    // The same values again: nothing changed, nobody is told.
    await owner.post(UPDATE, { orgId: 1053, userId: guestUserId, updateProps: { appData: { designEngine: { discount: { type: 'percent', value: 15 } } } } });
    expect(heard).toHaveLength(1);
    expect(provider.events).toHaveLength(1);
  });

  it('keeps the change when a hook fails, and logs the failure', async () => {
    const guest850 = (await t.repos.users.findOne({ email: 'guest-850@demo.test' }))!.id;
    const res = await owner850.post(UPDATE, { orgId: 850, userId: guest850, pricingIsHidden: 1 });
    expect(res.status).toBe(200);
    expect((await t.repos.guests.findOne({ orgId: 850, userId: guest850 }))!.orgAccessEdgeData.designEngine.pricingIsHidden).toBe(1);
    expect(logged.map(String)).toContain('Error: hook down');
  });
});
