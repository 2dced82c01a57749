// What an upload carries, read from either form storage-js sends: multipart/form-data (fields `cacheControl`,
// optional `metadata` JSON and the file itself) or a raw body with content-type, cache-control and optional
// x-metadata (base64 JSON).
import { errors } from './errors.ts';

export interface UploadBody {
  bytes: Uint8Array;
  contentType: string;
  /** As stored in metadata.cacheControl, e.g. 'max-age=3600'. */
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

const DEFAULT_TYPE = 'application/octet-stream';

function cacheControlOf(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (v === '') return 'no-cache';
  return /^\d+$/.test(v) ? `max-age=${v}` : v;
}

function parseMetadata(text: string | null | undefined): Record<string, unknown> | null {
  if (text === null || text === undefined || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.invalidRequest('Invalid metadata: not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw errors.invalidRequest('Invalid metadata: must be a JSON object');
  }
  return value as Record<string, unknown>;
}

export async function readUploadBody(headers: Record<string, string>, body: Buffer): Promise<UploadBody> {
  const contentType = headers['content-type'] ?? '';
  if (/^multipart\/form-data/i.test(contentType)) {
    let form: FormData;
    try {
      form = await new Response(body as unknown as BodyInit, { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw errors.invalidRequest('Malformed multipart body');
    }
    let file: File | null = null;
    for (const [, value] of form.entries()) {
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    }
    if (!file) throw errors.noContent();
    const metadata = form.get('metadata');
    const cache = form.get('cacheControl');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      contentType: file.type || DEFAULT_TYPE,
      cacheControl: cacheControlOf(typeof cache === 'string' ? cache : null),
      userMetadata: parseMetadata(typeof metadata === 'string' ? metadata : null),
    };
  }
  let metaText: string | null = null;
  if (headers['x-metadata'] !== undefined) {
    try {
      metaText = Buffer.from(headers['x-metadata'], 'base64').toString('utf8');
    } catch {
      throw errors.invalidRequest('Invalid metadata: not base64');
    }
  }
  return {
    bytes: new Uint8Array(body.buffer, body.byteOffset, body.byteLength),
    contentType: contentType.trim() || DEFAULT_TYPE,
    cacheControl: cacheControlOf(headers['cache-control']),
    userMetadata: parseMetadata(metaText),
  };
}
