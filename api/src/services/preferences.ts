import { OrdersPageSettings, type UpdatePreferencesBody, type UserPreferences } from '@cpq/domain';
import type { Repos, Row } from '../db/repository.ts';
import type { TransactionRunner } from '../db/transactions.ts';
import { compile } from '../http/validate.ts';

/**
 * A user's preferences live in users.app_data.designEngine (beside anything else stored there).
 * What is read back is only what is valid now: a setting stored by an older version that the
 * schema no longer accepts is left out (the browser then uses its default), never sent as it is.
 */
export function readPreferences(appData: unknown): UserPreferences {
  const stored = ((appData as { designEngine?: Row } | null)?.designEngine ?? {}) as Row;
  const out: UserPreferences = {};
  if (typeof stored.cartIsVisible === 'boolean') out.cartIsVisible = stored.cartIsVisible;
  if (typeof stored.dimensionsAreVisible === 'boolean') out.dimensionsAreVisible = stored.dimensionsAreVisible;
  const settings = stored.ordersPageSettings;
  if (settings && typeof settings === 'object') {
    const valid = compile(OrdersPageSettings);
    const kept = Object.fromEntries(Object.entries(settings as Row).filter(([k, v]) => valid({ [k]: v })));
    if (Object.keys(kept).length) out.ordersPageSettings = kept as OrdersPageSettings;
  }
  return out;
}

/**
 * Saves the signed-in user's preferences merged over the stored ones (orders-page settings key by
 * key, so saving the page size keeps the filters), in one transaction with the user row locked:
 * two saves close together both land. Answers every preference now stored.
 */
export async function updatePreferences(deps: { repos: Repos; transaction: TransactionRunner }, userId: number, body: UpdatePreferencesBody): Promise<UserPreferences> {
  return deps.transaction(async (trx) => {
    const user = await deps.repos.users.lockOne({ id: userId }, trx);
    if (!user) throw new Error(`No user ${userId}`);
    const appData = (user.appData ?? {}) as Row;
    const designEngine = (appData.designEngine ?? {}) as Row;
    const current = readPreferences(appData);
    const { ordersPageSettings, ...flags } = body;
    const next: Row = { ...designEngine, ...flags };
    if (ordersPageSettings) next.ordersPageSettings = { ...current.ordersPageSettings, ...ordersPageSettings };
    const nextAppData = { ...appData, designEngine: next };
    await deps.repos.users.update({ id: userId }, { appData: nextAppData }, trx);
    return readPreferences(nextAppData);
  });
}
