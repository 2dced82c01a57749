// Who is asking: the bearer token (Authorization, else apikey) verified by the project's rules (keys/project-keys.ts),
// with PostgREST's 30 s clock skew and PostgREST's messages for each failure.
import { TokenProblem, type ProjectKeys } from '../keys/project-keys.ts';
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
export async function identify(headers: Record<string, string>, keys: ProjectKeys): Promise<Identity> {
  const token = bearerToken(headers);
  if (token === undefined) return { role: ANON_ROLE, claims: { role: ANON_ROLE } };
  let claims: Record<string, unknown>;
  try {
    claims = await keys.verify(token, { clockTolerance: 30 });
  } catch (e) {
    if (!(e instanceof TokenProblem)) throw e;
    switch (e.kind) {
      case 'parts':
        throw jwtError('PGRST301', `Expected 3 parts in JWT; got ${e.detail.parts}`);
      case 'expired':
        throw jwtError('PGRST303', 'JWT expired');
      case 'nbf':
        throw jwtError('PGRST303', 'JWT not yet valid');
      case 'iat':
        throw jwtError('PGRST303', 'JWT issued at future');
      case 'alg':
        throw jwtError('PGRST301', 'Wrong or unsupported encoding algorithm');
      case 'key':
      case 'signature':
        throw jwtError('PGRST301', 'No suitable key or wrong key type');
      default:
        throw jwtError('PGRST301', 'JWT cryptographic operation failed');
    }
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
