// GoTrue's access tokens, signed and verified with the project's keys (keys/project-keys.ts): the current signing
// key (ES256/RS256 with `kid`) or HS256 with the legacy secret.
import type { JWTPayload } from 'jose';
import { TokenProblem, type ProjectKeys } from '../keys/project-keys.ts';
import { errors } from './errors.ts';

export const ACCESS_TOKEN_TTL = 3600;

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
  keys: ProjectKeys,
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
  const token = await keys.sign({
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

/** Verifies signature, key and expiry by the project's rules; any failure is GoTrue's 403 bad_jwt. */
export async function verifyJwt(keys: ProjectKeys, token: string): Promise<AccessTokenClaims> {
  try {
    return (await keys.verify(token)) as AccessTokenClaims;
  } catch (err) {
    if (!(err instanceof TokenProblem)) throw err;
    switch (err.kind) {
      case 'expired':
        throw errors.badJwt(`token is expired by ${err.detail.expiredBy ?? 0}s`);
      case 'signature':
        throw errors.badJwt('signature is invalid');
      case 'alg':
        throw errors.badJwt(`token is unverifiable: signing method ${err.detail.alg || '(none)'} is invalid`);
      case 'key':
        throw errors.badJwt(`token is unverifiable: error while executing keyfunc: invalid kid: ${err.detail.kid ?? ''}`);
      case 'nbf':
        throw errors.badJwt('token is not valid yet');
      default:
        throw errors.badJwt('token is malformed');
    }
  }
}

/** The bearer token of an Authorization header, or null. */
export function bearer(headers: Record<string, string>): string | null {
  const h = headers['authorization'];
  if (!h) return null;
  const m = /^bearer\s+(\S+)\s*$/i.exec(h);
  return m ? m[1] : null;
}
