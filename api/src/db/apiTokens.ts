import type { Knex } from 'knex';
import { API_TOKEN_SCOPES, type ApiTokenCall, type ApiTokenScope, type ApiTokenSummary } from '@cpq/domain';
import { fromDbDate, normaliseDbDate, toDbDate } from './time.ts';

/** A token as a request carrying it acts: as its creator, in its organisation, within its scopes. */
export interface ApiTokenCaller {
  id: number;
  orgId: number;
  userId: number;
  email: string;
  scopes: readonly ApiTokenScope[];
}

/** How many calls of a token are kept for its audit trail, and for how long at most. */
const CALLS_KEPT_DAYS = 30;
/** Old calls are trimmed on every this-many-th call recorded (by id), not on every call. */
const TRIM_EVERY = 500;

const nameOf = (first: unknown, last: unknown, email: unknown) => [first, last].filter(Boolean).join(' ') || String(email ?? '');

const scopesOf = (text: unknown): ApiTokenScope[] =>
  String(text ?? '')
    .split(' ')
    .filter((s): s is ApiTokenScope => (API_TOKEN_SCOPES as readonly string[]).includes(s));

/**
 * The API tokens of the organisations (decision 0119): stored by their sha256 only; each call made
 * with one is counted in a one-minute window (the rate limit, shared by every API process through the
 * database) and recorded in its audit trail.
 */
export class ApiTokens {
  constructor(private readonly db: Knex) {}

  async create(row: { orgId: number; userId: number; name: string; scopes: readonly ApiTokenScope[]; tokenHash: string; hint: string }): Promise<number> {
    const [inserted] = await this.db('api_tokens').insert(
      {
        org_id: row.orgId,
        user_id: row.userId,
        name: row.name,
        // In the order of API_TOKEN_SCOPES, whatever order they were asked in.
        scopes: API_TOKEN_SCOPES.filter((s) => row.scopes.includes(s)).join(' '),
        token_hash: row.tokenHash,
        hint: row.hint,
        created: toDbDate(),
        window_calls: 0,
      },
    );
    return Number(inserted);
  }

  /** The organisation's tokens, newest first (revoked ones too: the owner sees what was revoked and by whom). */
  async list(orgId: number, id?: number): Promise<ApiTokenSummary[]> {
    let q = this.db('api_tokens as t')
      .leftJoin('users as c', 'c.id', 't.user_id')
      .leftJoin('users as r', 'r.id', 't.revoked_by')
      .where('t.org_id', orgId)
      .select(
        't.*',
        'c.first_name as c_first',
        'c.last_name as c_last',
        'c.email as c_email',
        'r.first_name as r_first',
        'r.last_name as r_last',
        'r.email as r_email',
      )
      .orderBy('t.id', 'desc');
    if (id !== undefined) q = q.andWhere('t.id', id);
    const rows = (await q) as Array<Record<string, unknown>>;
    return rows.map((r) => ({
      id: Number(r.id),
      orgId: Number(r.org_id),
      name: String(r.name),
      scopes: scopesOf(r.scopes),
      hint: String(r.hint),
      createdBy: { id: Number(r.user_id), name: nameOf(r.c_first, r.c_last, r.c_email) },
      created: normaliseDbDate(r.created) ?? '',
      lastUsed: normaliseDbDate(r.last_used),
      revoked: normaliseDbDate(r.revoked),
      revokedBy: r.revoked_by == null ? null : { id: Number(r.revoked_by), name: nameOf(r.r_first, r.r_last, r.r_email) },
    }));
  }

  /** Revokes a live token of the organisation: false when there is none (unknown, another organisation's, or revoked already). */
  async revoke(orgId: number, id: number, by: number): Promise<boolean> {
    return (await this.db('api_tokens').where({ id, org_id: orgId }).whereNull('revoked').update({ revoked: toDbDate(), revoked_by: by })) === 1;
  }

  /** The live token with this hash, as its calls act; undefined when unknown or revoked. */
  async callerByHash(tokenHash: string): Promise<ApiTokenCaller | undefined> {
    const row = (await this.db('api_tokens as t')
      .innerJoin('users as u', 'u.id', 't.user_id')
      .where('t.token_hash', tokenHash)
      .whereNull('t.revoked')
      .first('t.id', 't.org_id', 't.user_id', 't.scopes', 'u.email')) as Record<string, unknown> | undefined;
    if (!row) return undefined;
    return { id: Number(row.id), orgId: Number(row.org_id), userId: Number(row.user_id), email: String(row.email), scopes: scopesOf(row.scopes) };
  }

  /**
   * Counts a call in the token's window of `windowMs`: one conditional UPDATE, so that calls at once in
   * any number of processes are counted exactly. False when the window already holds `limit` calls.
   */
  async countCall(id: number, limit: number, windowMs: number, now = new Date()): Promise<boolean> {
    const windowOpen = toDbDate(new Date(now.getTime() - windowMs));
    const at = toDbDate(now);
    // window_calls is assigned before window_start: MariaDB reads the columns already assigned, SQLite the old ones.
    const counted = await this.db('api_tokens')
      .where({ id })
      .whereNull('revoked')
      .andWhere((q) => q.whereNull('window_start').orWhere('window_start', '<=', windowOpen).orWhere('window_calls', '<', limit))
      .update({
        window_calls: this.db.raw('case when window_start is null or window_start <= ? then 1 else window_calls + 1 end', [windowOpen]),
        window_start: this.db.raw('case when window_start is null or window_start <= ? then ? else window_start end', [windowOpen, at]),
        last_used: at,
      });
    return counted === 1;
  }

  /** Seconds until the token's window ends (for Retry-After). */
  async secondsUntilWindowEnds(id: number, windowMs: number, now = new Date()): Promise<number> {
    const row = (await this.db('api_tokens').where({ id }).first('window_start')) as { window_start: unknown } | undefined;
    const start = normaliseDbDate(row?.window_start);
    if (!start) return 1;
    const ends = fromDbDate(start).getTime() + windowMs;
    return Math.max(1, Math.ceil((ends - now.getTime()) / 1000));
  }

  /** Writes one call to the token's audit trail. */
  async recordCall(call: { tokenId: number; method: string; path: string; status: number; ip: string }): Promise<void> {
    const [inserted] = await this.db('api_token_calls').insert(
      { token_id: call.tokenId, at: toDbDate(), method: call.method.slice(0, 8), path: call.path.slice(0, 300), status: call.status, ip: call.ip.slice(0, 64) },
    );
    const id = Number(inserted);
    if (id % TRIM_EVERY === 0) {
      await this.db('api_token_calls')
        .where('at', '<', toDbDate(new Date(Date.now() - CALLS_KEPT_DAYS * 24 * 3600_000)))
        .delete();
    }
  }

  /** A token's latest calls, newest first. */
  async calls(tokenId: number, limit = 100): Promise<ApiTokenCall[]> {
    const rows = (await this.db('api_token_calls').where({ token_id: tokenId }).orderBy('id', 'desc').limit(limit)) as Array<Record<string, unknown>>;
    return rows.map((r) => ({ at: normaliseDbDate(r.at) ?? '', method: String(r.method), path: String(r.path), status: Number(r.status), ip: String(r.ip) }));
  }
}
