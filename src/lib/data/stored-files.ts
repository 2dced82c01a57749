// What every upload to a private Storage bucket of the product shares (project documents, ticket attachments): the
// checks made in the browser before a byte is sent (type, size, first bytes), Storage's answers read as pt-BR errors,
// keys in URLs, and the idempotent upload (a retried key already stored is success).
import { formatFileSize, uploadMimeType, type UploadRules } from '../domain/document-rules';
import { fileRefusal } from '../domain/file-signatures';
import { storage } from './supabase';
import type { UploadProgress } from './xhr-fetch';
import { DataError, NotFoundError, toDataError } from './data-errors';

/**
 * The key as it goes in a URL path: each segment percent-encoded, so a name holding '#', '?' or '%' reaches Storage
 * whole (Storage decodes the path once). Keys inside JSON bodies (remove) go as they are.
 */
export const keyInUrl = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** What Storage answered, in the shape supabase-js gives (a StorageApiError: message, HTTP status, statusCode). */
export interface StorageFailure {
  message?: string;
  status?: number;
  statusCode?: string;
}

/**
 * Whether Storage answered with `code`: in the body's statusCode (which some Storage versions send with HTTP 400) or
 * as the HTTP status.
 */
export const answered = (error: StorageFailure, code: number) => Number(error.statusCode) === code || error.status === code;

export interface StorageErrorTexts {
  /** The bucket's limit per file, for the 'too large' answer. */
  maxBytes: number;
  /** What a refusal by the policies says. */
  forbidden: string;
  /** What a missing object says. */
  notFound: string;
}

/** A Storage error as a DataError, with pt-BR text for the answers a user can meet. */
export function storageError(error: StorageFailure, texts: StorageErrorTexts, fallback: string, fileName = ''): DataError {
  const message = error.message ?? '';
  const named = fileName ? `O arquivo "${fileName}"` : 'O arquivo';
  if (answered(error, 413) || /maximum allowed size/i.test(message)) {
    return new DataError(`${named} passa do limite de ${formatFileSize(texts.maxBytes)} por arquivo.`, '413', 413);
  }
  // The local Storage server also reads the first bytes (the browser checked them first; see file-signatures.ts).
  if (/does not match/i.test(message)) {
    return new DataError(`O conteúdo ${fileName ? `do arquivo "${fileName}"` : 'do arquivo'} não corresponde ao tipo declarado. Envie o arquivo original.`, '415', 415);
  }
  if (answered(error, 415) || /mime type/i.test(message)) return new DataError(`${named} não é de um tipo aceito.`, '415', 415);
  if (answered(error, 403) || /row-level security|unauthorized/i.test(message)) return new DataError(texts.forbidden, '403', 403);
  if (answered(error, 404) || /not found/i.test(message)) return new NotFoundError(texts.notFound, '404');
  return toDataError({ message, code: error.statusCode ?? '' }, error.status ?? 0, fallback);
}

export interface StoredUpload {
  bucket: string;
  key: string;
  file: File;
  rules: UploadRules;
  typeLabel: (mimeType: string, name: string) => string;
  texts: StorageErrorTexts;
  onProgress?: UploadProgress;
}

/**
 * Uploads one file under `key`, never over a stored object. A file the bucket would refuse is refused here first, with
 * a pt-BR message naming it, and nothing is sent. A retry of an upload whose answer was lost finds its key stored
 * (409 'The resource already exists'): that is success, not a second file.
 */
export async function uploadStoredFile({ bucket, key, file, rules, typeLabel, texts, onProgress }: StoredUpload): Promise<void> {
  const refusal = await fileRefusal(file, rules, typeLabel);
  const mimeType = uploadMimeType(file, rules);
  if (refusal || !mimeType) throw new DataError(refusal ?? `O arquivo "${file.name}" não é de um tipo aceito.`, 'invalid_file', 400);
  const client = await storage(onProgress);
  const body = new Blob([file], { type: mimeType });
  const { error } = await client.from(bucket).upload(keyInUrl(key), body, { contentType: mimeType, upsert: false });
  if (!error) return;
  const failure = error as StorageFailure;
  if (answered(failure, 409) && /already exists/i.test(failure.message ?? '')) return;
  throw storageError(failure, texts, `Não foi possível enviar "${file.name}".`, file.name);
}
