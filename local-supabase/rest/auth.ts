// Who is asking: the bearer token (Authorization, else apikey) verified as an HS256 JWT, as PostgREST does.
import { errors, jwtVerify } from 'jose';
import { RestError } from './errors.ts';

export interface Identity { role: string; claims: Record<string, unknown> }

const ANON_ROLE = 'anon';

function jwtError(code: 'PGRST301' | 'PGRST303', message: string): RestError {
  return new RestError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  });
}

export function bearerToken(headers: Record<string, string>): string | undefined {
  const auth = headers['authorization'];
  if (auth !== undefined) {
    const m = /^\s*bearer\s+(.*)$/i.exec(auth);
    const token = m ? m[1]!.trim() : auth.trim();
    return token === '' ? undefined : token;
  }
  const apikey = headers['apikey']?.trim();
  return apikey ? apikey : undefined;
}

/** Verifies the token and returns the role to switch to and the claims for `request.jwt.claims`. */
export async function identify(headers: Record<string, string>, jwtSecret: string): Promise<Identity> {
  const token = bearerToken(headers);
  if (token === undefined) return { role: ANON_ROLE, claims: { role: ANON_ROLE } };
  const parts = token.split('.').length;
  if (parts !== 3) throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${parts}`);
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, new TextEncoder().encode(jwtSecret), { algorithms: ['HS256'], clockTolerance: 30 }));
  } catch (e) {
    if (e instanceof errors.JWTExpired) throw jwtError('PGRST303', 'JWT expired');
    if (e instanceof errors.JWTClaimValidationFailed) throw jwtError('PGRST303', e.claim === 'nbf' ? 'JWT not yet valid' : 'JWT issued at future');
    if (e instanceof errors.JWSSignatureVerificationFailed || e instanceof errors.JOSEAlgNotAllowed) {
      throw jwtError('PGRST301', 'No suitable key or wrong key type');
    }
    throw jwtError('PGRST301', 'JWT cryptographic operation failed');
  }
  const role = claims.role;
  if (role !== undefined && (typeof role !== 'string')) throw jwtError('PGRST301', 'JWT role claim must be a string');
  const effective = role === undefined || role === '' ? ANON_ROLE : role;
  return { role: effective, claims: { ...claims, role: effective } };
}

/** PostgREST answers 401 when the role claim names no role (SET ROLE fails with 22023). */
export function unknownRole(role: string): RestError {
  return new RestError(401, '22023', `role "${role}" does not exist`, null, null, { 'WWW-Authenticate': 'Bearer' });
}

export function forbiddenRole(role: string): RestError {
  return new RestError(403, '42501', `permission denied to set role "${role}"`);
}
