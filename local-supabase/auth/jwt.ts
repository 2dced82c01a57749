// HS256 JWTs: the access tokens GoTrue issues and the anon / service_role API keys.
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';
import { errors } from './errors.ts';

export const ACCESS_TOKEN_TTL = 3600;
/** The expiry of the Supabase CLI's demo keys (2032-11-12), so a pinned secret gives a stable key. */
const API_KEY_EXP = 1983812996;

const keyCache = new Map<string, Uint8Array>();
function key(secret: string): Uint8Array {
  let k = keyCache.get(secret);
  if (!k) {
    k = new TextEncoder().encode(secret);
    keyCache.set(secret, k);
  }
  return k;
}

export async function signJwt(secret: string, payload: JWTPayload): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(secret));
}

/** The anon or service_role key: a long-lived JWT with no `sub`, deterministic for a given secret. */
export function makeApiKey(secret: string, role: 'anon' | 'service_role'): Promise<string> {
  return signJwt(secret, { iss: 'supabase-demo', role, exp: API_KEY_EXP });
}

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  role: string;
  session_id?: string;
  email?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
}

export async function signAccessToken(
  secret: string,
  claims: {
    issuer: string;
    userId: string;
    email: string;
    phone: string;
    role: string;
    aud: string;
    appMetadata: Record<string, unknown>;
    userMetadata: Record<string, unknown>;
    sessionId: string;
    amr: AmrEntry[];
    isAnonymous: boolean;
  },
): Promise<{ token: string; iat: number; exp: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL;
  const token = await signJwt(secret, {
    iss: claims.issuer,
    sub: claims.userId,
    aud: claims.aud,
    exp,
    iat,
    email: claims.email,
    phone: claims.phone,
    app_metadata: claims.appMetadata,
    user_metadata: claims.userMetadata,
    role: claims.role,
    aal: 'aal1',
    amr: claims.amr,
    session_id: claims.sessionId,
    is_anonymous: claims.isAnonymous,
  });
  return { token, iat, exp };
}

/** Verifies signature and expiry; any failure is GoTrue's 403 bad_jwt. */
export async function verifyJwt(secret: string, token: string): Promise<AccessTokenClaims> {
  try {
    const { payload } = await jwtVerify(token, key(secret), { algorithms: ['HS256'] });
    return payload as AccessTokenClaims;
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) {
      const exp = Number((err.payload as JWTPayload).exp ?? 0);
      const ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
      throw errors.badJwt(`token is expired by ${ago}s`);
    }
    if (err instanceof joseErrors.JWSSignatureVerificationFailed) throw errors.badJwt('signature is invalid');
    throw errors.badJwt('token is malformed');
  }
}

/** The bearer token of an Authorization header, or null. */
export function bearer(headers: Record<string, string>): string | null {
  const h = headers['authorization'];
  if (!h) return null;
  const m = /^bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : null;
}
