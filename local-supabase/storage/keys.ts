// Object keys and bucket names as Storage accepts them. Keys: 1 to 1024 UTF-8 bytes, no leading '/', no empty,
// '.' or '..' segment, no control characters, no U+FFFE/U+FFFF. Bucket names: 1 to 100 characters of letters,
// digits and ! - . * ' ( ) space & $ @ = ; : + , ? _ (not '.' or '..').
import { errors } from './errors.ts';

export const MAX_KEY_BYTES = 1024;
export const MAX_BUCKET_NAME = 100;

const CONTROL = /[\u0000-\u001f\u007f\ufffe\uffff]/;
const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]+$/;

export function isValidKey(key: string): boolean {
  if (key.length === 0 || Buffer.byteLength(key, 'utf8') > MAX_KEY_BYTES) return false;
  if (CONTROL.test(key) || key.startsWith('/')) return false;
  return key.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

export function mustBeValidKey(key: string): string {
  if (!isValidKey(key)) throw errors.invalidKey(key);
  return key;
}

export function isValidBucketName(name: string): boolean {
  return name.length > 0 && name.length <= MAX_BUCKET_NAME && BUCKET_NAME.test(name) && name !== '.' && name !== '..'
    && name.trim() === name;
}

export function mustBeValidBucketName(name: unknown): string {
  if (typeof name !== 'string' || !isValidBucketName(name)) throw errors.invalidBucketName();
  return name;
}

/** Splits the decoded rest of a route ('bucket/dir/file.pdf') into bucket and key. */
export function bucketAndKey(rest: string): { bucket: string; key: string } {
  const slash = rest.indexOf('/');
  if (slash <= 0) throw errors.invalidKey(rest);
  return { bucket: rest.slice(0, slash), key: mustBeValidKey(rest.slice(slash + 1)) };
}

/** `type/subtype` without parameters, lower-cased. */
export function baseMimeType(contentType: string): string {
  return contentType.split(';')[0]!.trim().toLowerCase();
}

/** Whether a bucket's allowed list (exact types or `type/*`) admits a type; an empty or absent list admits all. */
export function mimeAllowed(allowed: string[] | null, contentType: string): boolean {
  if (!allowed || allowed.length === 0) return true;
  const type = baseMimeType(contentType);
  const [major] = type.split('/');
  return allowed.some((a) => {
    const rule = a.trim().toLowerCase();
    return rule === type || (rule.endsWith('/*') && rule.slice(0, -2) === major);
  });
}
