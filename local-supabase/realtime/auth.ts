// Which tokens /realtime/v1 accepts: the project's JWTs (the API keys and users' access tokens), verified by the
// server's one JWT verifier, with the claims Supabase Realtime requires (`role` and `exp`). The reasons are
// Realtime's own texts.
import type { PGlite } from '@electric-sql/pglite';
import { TokenProblem, type ProjectKeys } from '../keys/project-keys.ts';

export type TokenCheck =
  | { ok: true; claims: Record<string, unknown> & { role: string; exp: number } }
  | { ok: false; code: 'InvalidJWTToken' | 'MalformedJWT' | 'JwtSignatureError'; message: string };

export async function checkToken(keys: ProjectKeys, token: string): Promise<TokenCheck> {
  let claims: Record<string, unknown>;
  try {
    // An opaque API key (sb_publishable_/sb_secret_) stands for its role's JWT, as the gateway swaps it.
    const role = keys.apiKeyRole(token);
    claims = await keys.verify(role && !token.includes('.') ? await keys.roleToken(role) : token);
  } catch (err) {
    if (!(err instanceof TokenProblem)) throw err;
    if (err.kind === 'expired') {
      return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${Math.max(0, Math.floor(Number(err.detail.expiredBy ?? 0)))} seconds ago` };
    }
    if (err.kind === 'signature' || err.kind === 'key') return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  }
  return { ok: true, claims: claims as Record<string, unknown> & { role: string; exp: number } };
}

/** Whether the session a user's token names still exists (sign-out and a deleted user end it); API keys have none. */
export async function sessionAlive(pg: PGlite, claims: Record<string, unknown>): Promise<boolean> {
  const sid = claims.session_id;
  if (typeof sid !== 'string') return true;
  try {
    const { rows } = await pg.query(`select 1 from auth.sessions where id = $1::uuid`, [sid]);
    return rows.length > 0;
  } catch {
    return false;
  }
}

/** The token a join or refresh names, and its check (`sb_` keys and no token: the socket's API key). */
export async function resolveToken(keys: ProjectKeys, apikey: string, token: unknown) {
  const t = typeof token === 'string' && token !== '' && !token.startsWith('sb_') ? token : apikey;
  return { token: t, check: await checkToken(keys, t) };
}
