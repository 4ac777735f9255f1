import type { Knex } from 'knex';

/**
 * Share links that end, and the access they gave ending with them
 * (docs/decisions/0071-share-link-addresses-and-expiry.md):
 * - memberships.share_token_id: the link that made the membership (someone who came in through a
 *   share link); null for everyone else. Ending that link may end the membership.
 * - Links that worked without an end get one: 30 days from now, like a new link.
 * - Guests who came in through an order's link before this (accounts without an email: nobody can
 *   have invited them directly) are marked as such on their membership and on the order's entry, so
 *   that ending the link they came through ends their access. Nobody loses access here.
 */
const DAYS = 30;

type Json = Record<string, unknown>;
const parse = (v: unknown): Json | null => {
  if (v == null) return null;
  if (typeof v === 'object') return v as Json;
  try {
    return JSON.parse(String(v)) as Json;
  } catch {
    return null;
  }
};

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('memberships', (t) => {
    t.integer('share_token_id').unsigned().nullable();
  });

  const now = new Date();
  const ends = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + DAYS, 23, 59, 59));
  await knex('share_tokens').whereNull('expires').whereNull('revoked').update({ expires: ends.toISOString().slice(0, 19).replace('T', ' ') });

  const entries = (await knex('audit_log').where({ action: 'guestByShareLink', entity: 'productOrder' }).select('org_id', 'entity_id', 'data')) as Array<{ org_id: number; entity_id: number; data: unknown }>;
  for (const a of entries) {
    const data = parse(a.data);
    const userId = Number(data?.userId);
    const shareTokenId = Number(data?.shareTokenId);
    if (!Number.isInteger(userId) || !Number.isInteger(shareTokenId)) continue;
    const user = (await knex('users').where({ id: userId }).first('email')) as { email: string | null } | undefined;
    if (!user || user.email != null) continue;
    await knex('memberships').where({ user_id: userId, org_id: a.org_id, role: 'guest' }).whereNull('share_token_id').update({ share_token_id: shareTokenId });
    const order = (await knex('product_orders').where({ id: a.entity_id }).first('user_id', 'involved_users')) as { user_id: number; involved_users: unknown } | undefined;
    const involved = parse(order?.involved_users);
    const entry = involved?.[String(userId)] as Json | undefined;
    if (!order || !involved || !entry || order.user_id === userId || entry.shareTokenId != null) continue;
    involved[String(userId)] = { ...entry, shareTokenId };
    await knex('product_orders').where({ id: a.entity_id }).update({ involved_users: JSON.stringify(involved) });
  }
}

export async function down(knex: Knex): Promise<void> {
  // The entries' shareTokenId is left: older code reads role and pricingIsHidden only.
  await knex.schema.alterTable('memberships', (t) => {
    t.dropColumn('share_token_id');
  });
}
