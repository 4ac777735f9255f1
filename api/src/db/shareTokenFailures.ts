import type { Knex } from 'knex';
import { nowUtc } from './time.ts';

/**
 * Bad share tokens per IP (share_token_failures), so every API process sees the same counts and the
 * token calls can slow down whoever keeps guessing (services/sharing.ts decides the wait).
 */
export function bindShareTokenFailures(db: Knex) {
  return {
    /** How many bad tokens an IP gave since a date, and when the latest was. */
    async recent(ip: string, since: string): Promise<{ count: number; latest: unknown }> {
      const counted = (await db('share_token_failures').count({ n: '*' }).max({ latest: 'created' }).where('ip', ip).where('created', '>', since).first()) as
        | { n: number | string; latest: unknown }
        | undefined;
      return { count: Number(counted?.n ?? 0), latest: counted?.latest ?? null };
    },
    /** Records a bad token; rows older than `trimBefore` go (any IP). */
    async record(ip: string, trimBefore: string): Promise<void> {
      await db('share_token_failures').insert({ ip, created: nowUtc() });
      await db('share_token_failures').where('created', '<', trimBefore).delete();
    },
  };
}
export type ShareTokenFailures = ReturnType<typeof bindShareTokenFailures>;
