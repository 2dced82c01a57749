// Which tokens /realtime/v1 accepts: the project's JWTs (the API keys and users' access tokens), verified by the
// server's one JWT verifier, with the claims Supabase Realtime requires (`role` and `exp`). The reasons are
// Realtime's own texts.
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
