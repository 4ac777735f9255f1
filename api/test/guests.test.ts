import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { MailMessage } from '../src/adapters/mail/index.ts';
import { databases, startTestApp, type Client, type TestApp } from './helpers.ts';

/**
 * Guests and user groups of the admin area (docs/decisions/0051-guests-and-user-groups.md), written
 * from the rules: owners only (members and guests 403, guest mode included); another organisation's
 * ids answer like missing ones (404); bodies are validated (400) and a refusal changes nothing;
 * disinviting removes access and every group membership; a guest's hidden pricing hides the prices
 * of their orders.
 */
const C = '/api/configurator';
const R = '/api/resources';
const ORG = 850;
const PORTAL = 'https://portal.example.test';

describe.each(databases)('guests and user groups on $name', (dbCase) => {
  let t: TestApp;
  const sent: MailMessage[] = [];
  let owner: Client;
  let member: Client;
  let guest: Client;
  let otherOwner: Client;
  let guestId: number;
  let otherOrgGuestId: number;
  let memberId: number;

  beforeAll(async () => {
    t = await startTestApp(dbCase, { publicUrl: PORTAL, mailer: { send: async (m) => (sent.push(m), { messageId: `m${sent.length}` }) } });
    owner = await t.as('owner-850@demo.test');
    member = await t.as('member-850@demo.test');
    guest = await t.as('guest-850@demo.test');
    otherOwner = await t.as('owner-1053@demo.test');
    guestId = (await t.repos.users.findOne({ email: 'guest-850@demo.test' }))!.id;
    otherOrgGuestId = (await t.repos.users.findOne({ email: 'guest-1053@demo.test' }))!.id;
    memberId = (await t.repos.users.findOne({ email: 'member-850@demo.test' }))!.id;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    sent.length = 0;
  });

  const count = async (table: string) => Number(((await t.db(table).count({ n: '*' })) as Array<{ n: number | string }>)[0]!.n);
  const snapshot = async () => ({ users: await count('users'), memberships: await count('memberships'), guests: await count('guests'), groups: await count('user_groups'), audit: await count('audit_log') });

  describe('the guest list', () => {
    it('lists the organisation’s guests, newest first, to its owner', async () => {
      const res = await owner.post(`${C}/get-configurator-guests-data`, { orgId: ORG });
      expect(res.status).toBe(200);
      const guests = res.body.data.guests as Array<{ userId: number; created: string; id: number }>;
      expect(guests.map((g) => g.userId)).toContain(guestId);
      expect(guests.map((g) => g.userId)).not.toContain(otherOrgGuestId);
      const order = [...guests].sort((a, b) => (a.created === b.created ? b.id - a.id : a.created < b.created ? 1 : -1));
      expect(guests).toEqual(order);
    });
    it('refuses members and guests (403), guest mode included, and another organisation (404)', async () => {
      expect((await member.post(`${C}/get-configurator-guests-data`, { orgId: ORG })).status).toBe(403);
      expect((await guest.post(`${C}/get-configurator-guests-data`, { orgId: ORG })).status).toBe(403);
      const inGuestMode = await t.as('owner-850@demo.test');
      expect((await inGuestMode.post('/api/auth/guest-mode', { orgId: ORG, guestMode: true })).status).toBe(200);
      expect((await inGuestMode.post(`${C}/get-configurator-guests-data`, { orgId: ORG })).status).toBe(403);
      const other = await otherOwner.post(`${C}/get-configurator-guests-data`, { orgId: ORG });
      expect(other.status).toBe(404);
      expect(other.body.error.code).toBe('organisationNotFound');
      expect((await owner.post(`${C}/get-configurator-guests-data`, { orgId: 'x' })).status).toBe(400);
      expect((await t.client().post(`${C}/get-configurator-guests-data`, { orgId: ORG })).status).toBe(401);
    });
  });

  describe('invite-guest', () => {
    it('creates a user without a password, a guest membership and the guest record, and mails a link to the portal', async () => {
      const before = await snapshot();
      const res = await owner.post('/api/orgs/invite-guest', { email: 'New.Guest@Example.TEST', activeOrgId: ORG, pricingIsHidden: 1 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const g = res.body.data.guest;
      expect(g.email).toBe('new.guest@example.test');
      expect(g.orgAccessEdgeData.designEngine.pricingIsHidden).toBe(1);
      expect(g.appData.designEngine).toMatchObject({ discount: null, disableSalesTax: false });
      const user = (await t.repos.users.findOne({ email: 'new.guest@example.test' }))!;
      expect(user.passwordHash ?? null).toBeNull();
      expect(g.userId).toBe(user.id);
      expect((await t.repos.memberships.findOne({ orgId: ORG, userId: user.id }))!.role).toBe('guest');
      expect(await snapshot()).toEqual({ ...before, users: before.users + 1, memberships: before.memberships + 1, guests: before.guests + 1, audit: before.audit + 1 });
      expect(sent).toHaveLength(1);
      expect(sent[0]!.to).toEqual(['new.guest@example.test']);
      expect(sent[0]!.text).toContain(`${PORTAL}/`);
      // Newest first.
      const list = (await owner.post(`${C}/get-configurator-guests-data`, { orgId: ORG })).body.data.guests;
      expect(list[0].userId).toBe(user.id);
    });
    it('makes a known user of another organisation a guest here without a new account', async () => {
      const before = await snapshot();
      const res = await owner.post('/api/orgs/invite-guest', { email: 'owner-1392@demo.test', activeOrgId: ORG, pricingIsHidden: 0 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await snapshot()).users).toBe(before.users);
      expect(sent.map((m) => m.to)).toEqual([['owner-1392@demo.test']]);
    });
    it('refuses an employee’s or a guest’s address (409) with a sentence, changing nothing and mailing nobody', async () => {
      const before = await snapshot();
      const employee = await owner.post('/api/orgs/invite-guest', { email: 'member-850@demo.test', activeOrgId: ORG, pricingIsHidden: 0 });
      expect(employee.status).toBe(409);
      expect(employee.body.error.message).toBe('member-850@demo.test is an employee of this organisation, so they cannot be invited as a guest.');
      const again = await owner.post('/api/orgs/invite-guest', { email: 'GUEST-850@demo.test', activeOrgId: ORG, pricingIsHidden: 0 });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toBe('guest-850@demo.test is already a guest of this organisation.');
      expect(await snapshot()).toEqual(before);
      expect(sent).toEqual([]);
    });
    it('refuses bad bodies (400), members and guests (403), another organisation (404), changing nothing', async () => {
      const before = await snapshot();
      const body = { email: 'someone.else@example.test', activeOrgId: ORG, pricingIsHidden: 0 };
      expect((await owner.post('/api/orgs/invite-guest', { ...body, email: 'not an email' })).status).toBe(400);
      expect((await owner.post('/api/orgs/invite-guest', { ...body, pricingIsHidden: 2 })).status).toBe(400);
      expect((await owner.post('/api/orgs/invite-guest', { ...body, role: 'owner' })).status).toBe(400);
      expect((await member.post('/api/orgs/invite-guest', body)).status).toBe(403);
      expect((await guest.post('/api/orgs/invite-guest', body)).status).toBe(403);
      expect((await otherOwner.post('/api/orgs/invite-guest', body)).status).toBe(404);
      expect(await snapshot()).toEqual(before);
      expect(sent).toEqual([]);
    });
  });

  describe('update-guest-data', () => {
    it('sets a percentage discount (0..100) and sales tax, with an audit line; the same values again change nothing', async () => {
      const body = { orgId: ORG, userId: guestId, updateProps: { appData: { designEngine: { discount: { type: 'percent', value: 12.5 }, disableSalesTax: true } } } };
      const before = await snapshot();
      const res = await owner.post('/api/orgs/update-guest-data', body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.guest.appData.designEngine).toMatchObject({ discount: { type: 'percent', value: 12.5 }, disableSalesTax: true });
      expect((await snapshot()).audit).toBe(before.audit + 1);
      expect((await owner.post('/api/orgs/update-guest-data', body)).status).toBe(200);
      expect((await snapshot()).audit).toBe(before.audit + 1);
      const back = await owner.post('/api/orgs/update-guest-data', { orgId: ORG, userId: guestId, updateProps: { appData: { designEngine: { discount: null, disableSalesTax: false } } } });
      expect(back.body.data.guest.appData.designEngine).toMatchObject({ discount: null, disableSalesTax: false });
    });
    it('refuses a discount outside 0..100 or of another type, an empty change, other callers, and another organisation’s guest', async () => {
      const before = await snapshot();
      const de = (designEngine: unknown) => ({ orgId: ORG, userId: guestId, updateProps: { appData: { designEngine } } });
      expect((await owner.post('/api/orgs/update-guest-data', de({ discount: { type: 'percent', value: 101 } }))).status).toBe(400);
      expect((await owner.post('/api/orgs/update-guest-data', de({ discount: { type: 'percent', value: -1 } }))).status).toBe(400);
      expect((await owner.post('/api/orgs/update-guest-data', de({ discount: { type: 'amount', value: 5 } }))).status).toBe(400);
      expect((await owner.post('/api/orgs/update-guest-data', de({}))).status).toBe(400);
      expect((await owner.post('/api/orgs/update-guest-data', { orgId: ORG, userId: guestId, pricingIsHidden: true })).status).toBe(400);
      expect((await member.post('/api/orgs/update-guest-data', { orgId: ORG, userId: guestId, pricingIsHidden: 1 })).status).toBe(403);
      expect((await guest.post('/api/orgs/update-guest-data', { orgId: ORG, userId: guestId, pricingIsHidden: 0 })).status).toBe(403);
      const foreign = await owner.post('/api/orgs/update-guest-data', { orgId: ORG, userId: otherOrgGuestId, pricingIsHidden: 1 });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe('guestNotFound');
      // An employee is not a guest.
      expect((await owner.post('/api/orgs/update-guest-data', { orgId: ORG, userId: memberId, pricingIsHidden: 1 })).status).toBe(404);
      expect((await otherOwner.post('/api/orgs/update-guest-data', { orgId: ORG, userId: guestId, pricingIsHidden: 1 })).status).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
    it('hiding pricing makes the guest’s order data price-free; showing it again brings the prices back', async () => {
      const order = (await t.repos.productOrders.find({ orgId: ORG, userId: guestId }))[0]!;
      const read = async () => (await guest.post(`${C}/get-configurator-order-data`, { orgId: ORG, productOrderOrgSpecificId: order.orgSpecificId })).body.data;
      const priced = await read();
      expect(priced.pricingIsHidden).toBe(false);
      expect(priced.productOrders[0]).toHaveProperty('costs');
      expect((await owner.post('/api/orgs/update-guest-data', { orgId: ORG, userId: guestId, pricingIsHidden: 1 })).status).toBe(200);
      const hidden = await read();
      expect(hidden.pricingIsHidden).toBe(true);
      expect(hidden.productOrders[0]).not.toHaveProperty('costs');
      expect(JSON.stringify(hidden)).not.toMatch(/InCents"/);
      expect((await owner.post('/api/orgs/update-guest-data', { orgId: ORG, userId: guestId, pricingIsHidden: 0 })).status).toBe(200);
      expect((await read()).pricingIsHidden).toBe(false);
    });
  });

  describe('user groups', () => {
    let secondGuestId: number;
    beforeAll(async () => {
      const res = await owner.post('/api/orgs/invite-guest', { email: 'group.guest@example.test', activeOrgId: ORG, pricingIsHidden: 0 });
      secondGuestId = res.body.data.guest.userId;
    });

    it('creates a group of the organisation’s guests, duplicates removed, and lists, renames, updates and destroys it', async () => {
      const created = await owner.post(`${R}/userGroups/create`, { props: { orgId: ORG, title: 'Trade customers', userIds: [guestId, secondGuestId, guestId] } });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const group = created.body.data;
      expect(group).toMatchObject({ orgId: ORG, title: 'Trade customers', userIds: [guestId, secondGuestId] });
      const list = (await owner.post(`${R}/userGroups/get`, { where: { orgId: ORG } })).body.data as Array<{ id: number; orgId: number }>;
      expect(list.map((g) => g.id)).toContain(group.id);
      expect(list.every((g) => g.orgId === ORG)).toBe(true);
      const updated = await owner.post(`${R}/userGroups/update`, { where: { id: group.id }, props: { userIds: [secondGuestId, secondGuestId] } });
      expect(updated.body.data.userIds).toEqual([secondGuestId]);
      const renamed = await owner.post(`${R}/userGroups/update`, { where: { id: group.id }, props: { title: 'Trade' } });
      expect(renamed.body.data).toMatchObject({ title: 'Trade', userIds: [secondGuestId] });
      const audits = await t.repos.auditLog.find({ entity: 'userGroup', entityId: group.id });
      expect(audits.map((a) => a.action)).toEqual(['create', 'update', 'update']);
      expect((await owner.post(`${R}/userGroups/destroy`, { where: { id: group.id } })).status).toBe(200);
      expect(await t.repos.userGroups.findOne({ id: group.id })).toBeUndefined();
      expect((await owner.post(`${R}/userGroups/destroy`, { where: { id: group.id } })).status).toBe(404);
    });

    it('refuses members who are not guests, another organisation’s guests and groups (404), other callers, bad bodies; nothing changes', async () => {
      const everyone = (await t.repos.userGroups.find({ orgId: ORG }))[0]!;
      const foreignGroup = (await t.repos.userGroups.find({ orgId: 1053 }))[0]!;
      const before = await snapshot();
      const create = (props: unknown, c = owner) => c.post(`${R}/userGroups/create`, { props });
      const notGuest = await create({ orgId: ORG, title: 'X', userIds: [guestId, memberId] });
      expect(notGuest.status).toBe(404);
      expect(notGuest.body.error.message).toBe(`userIds: ${memberId} is not a guest of this organisation.`);
      expect((await create({ orgId: ORG, title: 'X', userIds: [otherOrgGuestId] })).status).toBe(404);
      expect((await create({ orgId: ORG, title: '', userIds: [] })).status).toBe(400);
      expect((await create({ orgId: ORG, title: 'X', userIds: ['1'] })).status).toBe(400);
      expect((await create({ orgId: ORG, title: 'X', userIds: [], rank: 1 })).status).toBe(400);
      expect((await create({ orgId: ORG, title: 'X', userIds: [] }, member)).status).toBe(403);
      expect((await create({ orgId: ORG, title: 'X', userIds: [] }, guest)).status).toBe(403);
      expect((await create({ orgId: ORG, title: 'X', userIds: [] }, otherOwner)).status).toBe(404);
      expect((await owner.post(`${R}/userGroups/update`, { where: { id: everyone.id }, props: {} })).status).toBe(400);
      expect((await owner.post(`${R}/userGroups/update`, { where: { id: everyone.id }, props: { userIds: [memberId] } })).status).toBe(404);
      expect((await member.post(`${R}/userGroups/update`, { where: { id: everyone.id }, props: { title: 'Mine' } })).status).toBe(403);
      const foreign = await owner.post(`${R}/userGroups/update`, { where: { id: foreignGroup.id }, props: { title: 'Mine' } });
      expect(foreign.status).toBe(404);
      expect(foreign.body.error.code).toBe('userGroupNotFound');
      expect((await owner.post(`${R}/userGroups/destroy`, { where: { id: foreignGroup.id } })).status).toBe(404);
      expect((await owner.post(`${R}/userGroups/destroy`, { where: { id: 999999 } })).status).toBe(404);
      expect((await member.post(`${R}/userGroups/get`, { where: { orgId: ORG } })).status).toBe(403);
      expect((await otherOwner.post(`${R}/userGroups/get`, { where: { orgId: ORG } })).status).toBe(404);
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('disinvite-guest', () => {
    it('refuses other callers, a non-guest and another organisation’s guest, changing nothing', async () => {
      const before = await snapshot();
      expect((await member.post('/api/orgs/disinvite-guest', { orgId: ORG, userId: guestId })).status).toBe(403);
      expect((await guest.post('/api/orgs/disinvite-guest', { orgId: ORG, userId: guestId })).status).toBe(403);
      expect((await otherOwner.post('/api/orgs/disinvite-guest', { orgId: ORG, userId: guestId })).status).toBe(404);
      expect((await owner.post('/api/orgs/disinvite-guest', { orgId: ORG, userId: otherOrgGuestId })).status).toBe(404);
      expect((await owner.post('/api/orgs/disinvite-guest', { orgId: ORG, userId: memberId })).status).toBe(404);
      expect((await owner.post('/api/orgs/disinvite-guest', { orgId: ORG, userId: 0 })).status).toBe(400);
      expect(await snapshot()).toEqual(before);
    });

    it('ends the guest’s access, removes the record and takes them out of every user group of the organisation', async () => {
      const order = (await t.repos.productOrders.find({ orgId: ORG, userId: guestId }))[0]!;
      expect((await guest.post(`${C}/get-configurator-order-data`, { orgId: ORG, productOrderOrgSpecificId: order.orgSpecificId })).status).toBe(200);
      const everyone = (await t.repos.userGroups.find({ orgId: ORG }))[0]!;
      expect(everyone.userIds).toContain(guestId);
      const second = (await owner.post(`${R}/userGroups/create`, { props: { orgId: ORG, title: 'Second', userIds: [guestId] } })).body.data;
      const res = await owner.post('/api/orgs/disinvite-guest', { orgId: ORG, userId: guestId });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect([...res.body.data.removedFromUserGroupIds].sort()).toEqual([everyone.id, second.id].sort());
      for (const g of await t.repos.userGroups.find({ orgId: ORG })) expect(g.userIds).not.toContain(guestId);
      expect(await t.repos.guests.findOne({ orgId: ORG, userId: guestId })).toBeUndefined();
      expect((await t.repos.memberships.findOne({ orgId: ORG, userId: guestId }))!.role).toBe('left');
      const audit = await t.repos.auditLog.find({ entity: 'guest', action: 'disinvite' });
      expect(audit.some((a) => (a.data as { userId?: number }).userId === guestId)).toBe(true);
      // The guest's session no longer reaches the organisation's orders.
      expect((await guest.post(`${C}/get-configurator-order-data`, { orgId: ORG, productOrderOrgSpecificId: order.orgSpecificId })).status).toBe(404);
      expect((await guest.post(`${C}/get-configurator-orders-data`, { orgId: ORG })).status).toBe(404);
      // Disinviting again: there is no guest any more.
      expect((await owner.post('/api/orgs/disinvite-guest', { orgId: ORG, userId: guestId })).status).toBe(404);
    });

    it('lets the organisation invite a disinvited guest again', async () => {
      const res = await owner.post('/api/orgs/invite-guest', { email: 'guest-850@demo.test', activeOrgId: ORG, pricingIsHidden: 0 });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await t.repos.memberships.findOne({ orgId: ORG, userId: guestId }))!.role).toBe('guest');
      expect((await guest.post(`${C}/get-configurator-orders-data`, { orgId: ORG })).status).toBe(200);
    });
  });
});
