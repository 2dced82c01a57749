// Who is asking and how their statements run: the bearer token (Authorization, else apikey) verified by the
// project's rules (keys/project-keys.ts), then one transaction per request whose storage.objects/buckets statements
// run as the token's role with `request.jwt.claims` set, so the policies decide, as /rest/v1 runs them.
// Verification failures carry jose's messages, as Storage (which verifies with jose) reports them.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { errors as jose, jwtVerify } from 'jose';
import { TokenProblem, type ProjectKeys } from '../keys/project-keys.ts';
import { bearerToken } from '../rest/auth.ts';
import { errors } from './errors.ts';

export interface Caller { role: string; claims: Record<string, unknown> }

/** Verifies a signed URL's token (HS256 with the project's secret, as Storage signs them); jose's messages. */
export async function verifyJwt(token: string, secret: string): Promise<Record<string, unknown>> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return payload as Record<string, unknown>;
  } catch (e) {
    if (e instanceof jose.JOSEError) throw new JwtFailure(e.message);
    throw new JwtFailure((e as Error).message || 'Invalid Compact JWS');
  }
}

export class JwtFailure extends Error {}

/** The caller of a request; no token at all is Storage's JWT error too (it verifies an empty token). */
export async function identify(headers: Record<string, string>, keys: ProjectKeys): Promise<Caller> {
  const token = bearerToken(headers) ?? '';
  let claims: Record<string, unknown>;
  try {
    claims = await keys.verify(token);
  } catch (e) {
    if (e instanceof TokenProblem) throw errors.accessDenied(e.message);
    throw e;
  }
  const role = typeof claims.role === 'string' && claims.role !== '' ? claims.role : 'anon';
  return { role, claims: { ...claims, role } };
}

export interface TxOptions { readOnly?: boolean; method: string; path: string }

/**
 * Runs `work` in one transaction. Until `work` calls `become()`, statements run as the server (bucket lookups, as
 * Storage does them); after it, as the caller. `storage.allow_delete_query` is on so the caller's deletes pass the
 * storage tables' guard (their policies still decide).
 */
export async function transact<T>(
  pg: PGlite,
  who: Caller,
  opts: TxOptions,
  work: (tx: Transaction, become: () => Promise<void>) => Promise<T>,
): Promise<T> {
  return pg.transaction(async (tx) => {
    if (opts.readOnly) await tx.query('set transaction read only');
    const become = async () => {
      const role = await tx.query<{ rolsuper: boolean }>('select rolsuper from pg_roles where rolname = $1', [who.role]);
      if (!role.rows[0] || role.rows[0].rolsuper || who.role.startsWith('pg_')) {
        throw errors.accessDenied(`role "${who.role}" does not exist`);
      }
      const sub = typeof who.claims.sub === 'string' ? who.claims.sub : '';
      await tx.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
                set_config('request.method', $4, true), set_config('request.path', $5, true),
                set_config('storage.allow_delete_query', 'true', true), set_config('search_path', 'storage, public', true)`,
        [who.role, JSON.stringify(who.claims), sub, opts.method, opts.path],
      );
    };
    return work(tx, become);
  });
}

/** The caller's user id when the token names a user (owner/owner_id of what they upload). */
export function ownerOf(who: Caller): string | null {
  const sub = who.claims.sub;
  return typeof sub === 'string' && sub !== '' ? sub : null;
}
