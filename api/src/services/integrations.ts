import type { GuestView } from '@cpq/domain';
import type { IntegrationProvider } from '../adapters/integrations/index.ts';
import type { Repos } from '../db/repository.ts';
import { notFound } from '../http/errors.ts';
import type { PluginRegistry } from '../plugins.ts';
import type { Access } from '../policy.ts';

export interface IntegrationDeps {
  repos: Repos;
  plugins: PluginRegistry;
  integrations: IntegrationProvider;
  logError: (err: unknown, request?: string) => void;
}

/** The organisation's enabled integrations (appData.designEngine.enabledIntegrations). */
async function enabledIntegrations(repos: Repos, orgId: number): Promise<Array<{ title: string; key: string }>> {
  const org = await repos.organisations.findOne({ id: orgId });
  const list = (org?.appData as { designEngine?: { enabledIntegrations?: unknown } } | undefined)?.designEngine?.enabledIntegrations;
  return Array.isArray(list) ? (list as Array<{ title: string; key: string }>) : [];
}

/** A connect session for one of the organisation's enabled integrations; a key it has not enabled is 404. */
export async function connectSession(deps: IntegrationDeps, access: Access, integrationKey: string) {
  if (!(await enabledIntegrations(deps.repos, access.orgId)).some((i) => i.key === integrationKey)) {
    throw notFound('integrationNotEnabled', `The integration "${integrationKey}" is not enabled for this organisation.`);
  }
  return deps.integrations.connectSession({ orgId: access.orgId, userId: access.user.id, integrationKey });
}

/**
 * After a guest's data changed (committed): the organisation's guestUpdated hooks, which may send
 * events to its enabled integrations. A failing hook or provider is logged and never undoes the change.
 */
export async function announceGuestUpdated(deps: IntegrationDeps, orgId: number, guest: GuestView): Promise<void> {
  const hooks = deps.plugins.rulesFor(orgId).integrations.guestUpdated;
  if (!hooks.length) return;
  const enabled = new Set((await enabledIntegrations(deps.repos, orgId)).map((i) => i.key));
  const de = guest.appData.designEngine;
  const ctx = {
    orgId,
    userId: guest.userId,
    guest: {
      email: guest.email,
      firstName: guest.firstName,
      lastName: guest.lastName,
      discount: de.discount ?? null,
      disableSalesTax: de.disableSalesTax,
      pricingIsHidden: guest.orgAccessEdgeData.designEngine.pricingIsHidden === 1,
      integrationsData: (de.integrationsData ?? {}) as Record<string, unknown>,
    },
    trigger: async (integrationKey: string, event: string, payload: Record<string, unknown>) => {
      if (!enabled.has(integrationKey)) throw new Error(`Organisation ${orgId} has not enabled the integration "${integrationKey}".`);
      await deps.integrations.trigger({ orgId, integrationKey, event, payload });
    },
  };
  for (const hook of hooks) {
    try {
      await hook(ctx);
    } catch (err) {
      deps.logError(err, `integrations.guestUpdated (organisation ${orgId})`);
    }
  }
}
