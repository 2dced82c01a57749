// The JWT signing keys of `[auth] signing_keys_path`: a JSON array of private JWKs, as `supabase gen signing-key`
// writes it. A missing file is created with one new ES256 key (mode 0600), so a fresh checkout runs as a new hosted
// project does; two processes starting at once end up with the same file (the first one to link it wins).
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A JWK as the key file holds it (private members included). */
export interface SigningJwk {
  kty: string;
  kid?: string;
  alg?: string;
  use?: string;
  key_ops?: string[];
  ext?: boolean;
  [member: string]: unknown;
}

export const SUPPORTED_ALGS = ['ES256', 'RS256', 'HS256'] as const;

/** A new ES256 private JWK in the layout the Supabase CLI writes. */
export function newEs256Jwk(): SigningJwk {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return { kty: 'EC', kid: randomUUID(), use: 'sig', key_ops: ['sign', 'verify'], alg: 'ES256', ext: true, ...jwk };
}

/** Checks the file's content: an array (or `{keys: [...]}`) of JWKs with a supported `alg`. */
export function parseSigningKeys(text: string, file: string): SigningJwk[] {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new Error(`${file}: not valid JSON (expected the array of JWKs that \`supabase gen signing-key\` writes)`);
  }
  const list = Array.isArray(raw) ? raw : (raw as { keys?: unknown })?.keys;
  if (!Array.isArray(list) || list.length === 0) throw new Error(`${file}: expected a non-empty JSON array of JWKs`);
  return list.map((k, i) => {
    const jwk = k as SigningJwk;
    if (!jwk || typeof jwk !== 'object' || typeof jwk.kty !== 'string') throw new Error(`${file}: key ${i} is not a JWK`);
    const alg = jwk.alg ?? (jwk.kty === 'EC' ? 'ES256' : jwk.kty === 'RSA' ? 'RS256' : jwk.kty === 'oct' ? 'HS256' : '');
    if (!(SUPPORTED_ALGS as readonly string[]).includes(alg)) {
      throw new Error(`${file}: key ${i} has alg "${jwk.alg ?? jwk.kty}"; supported: ${SUPPORTED_ALGS.join(', ')}`);
    }
    return { ...jwk, alg };
  });
}

/** Reads the key file, creating it with one ES256 key when it does not exist. */
export function loadSigningKeys(file: string, log: (line: string) => void = () => {}): SigningJwk[] {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify([newEs256Jwk()], null, 2) + '\n', { mode: 0o600 });
    try {
      fs.linkSync(tmp, file);
      log(`new ES256 signing key written to ${file}`);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  return parseSigningKeys(fs.readFileSync(file, 'utf8'), file);
}
