// Password rules and bcrypt (cost 10, as GoTrue; a test server may ask for the minimum cost, as GoTrue's own tests do).
import bcrypt from 'bcryptjs';
import { errors } from './errors.ts';

export const MIN_PASSWORD_LENGTH = 6;
/** bcrypt reads at most 72 bytes; GoTrue refuses longer passwords rather than silently truncating them. */
export const MAX_PASSWORD_BYTES = 72;
/** GoTrue's bcrypt cost. */
export const DEFAULT_HASH_COST = 10;
/** bcrypt's minimum, for test servers that create many accounts. */
export const QUICK_HASH_COST = 4;

export function checkPassword(password: unknown): string {
  if (typeof password !== 'string') throw errors.validation('Password must be a string');
  if ([...password].length < MIN_PASSWORD_LENGTH) throw errors.weakPassword(MIN_PASSWORD_LENGTH);
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) throw errors.passwordTooLong(MAX_PASSWORD_BYTES);
  return password;
}

export function hashPassword(password: string, cost: number = DEFAULT_HASH_COST): Promise<string> {
  return bcrypt.hash(password, cost);
}

// A real hash to compare against when the user does not exist, so both answers take the same time.
let dummyHash: Promise<string> | null = null;

export async function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  if (!hash) {
    dummyHash ??= bcrypt.hash('local-supabase-dummy-password', DEFAULT_HASH_COST);
    await bcrypt.compare(password, await dummyHash);
    return false;
  }
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}
