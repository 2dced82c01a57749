// Which tokens /realtime/v1 accepts: the project's JWTs (the API keys and users' access tokens), verified by the
// server's one JWT verifier, with the claims Supabase Realtime requires (`role` and `exp`). The reasons are
// Realtime's own texts.
import { decodeJwt } from 'jose';
import { verifyJwt } from '../auth/jwt.ts';

export type TokenCheck =
  | { ok: true; claims: Record<string, unknown> & { role: string; exp: number } }
  | { ok: false; code: 'InvalidJWTToken' | 'MalformedJWT' | 'JwtSignatureError'; message: string };

export async function checkToken(jwtSecret: string, token: string): Promise<TokenCheck> {
  let claims: Record<string, unknown>;
  try {
    claims = (await verifyJwt(jwtSecret, token)) as Record<string, unknown>;
  } catch (err) {
    const why = String((err as Error)?.message ?? '');
    if (/expired/.test(why)) {
      let ago = 0;
      try {
        ago = Math.max(0, Math.floor(Date.now() / 1000) - Number(decodeJwt(token).exp ?? 0));
      } catch {
        /* the verifier already said it is expired */
      }
      return { ok: false, code: 'InvalidJWTToken', message: `Token has expired ${ago} seconds ago` };
    }
    if (/signature/.test(why)) return { ok: false, code: 'JwtSignatureError', message: 'Failed to validate JWT signature' };
    return { ok: false, code: 'MalformedJWT', message: 'The token provided is not a valid JWT' };
  }
  if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
    return { ok: false, code: 'InvalidJWTToken', message: 'Fields `role` and `exp` are required in JWT' };
  }
  return { ok: true, claims: claims as Record<string, unknown> & { role: string; exp: number } };
}
