// Data module for project documents ('Documentos'): the files of the private Storage bucket `project-documents`, listed
// through `public.project_documents`. Storage's policies decide who uploads, downloads and deletes (the project's owner
// and admins; the uploader and admins delete); the database writes the document row itself, in the same transaction
// as Storage's object row, so a row exists exactly while its object does. An upload is therefore only the Storage
// upload of the key {project_id}/{document_id}/{file name}: the row appears with it, and a failed upload leaves neither.
import type { Tables } from '../database.types';
import { MAX_DOCUMENT_BYTES, documentMimeType, documentProblem, documentTypeLabel, formatFileSize } from '../domain/document-rules';
import { fileContentProblem } from '../domain/file-signatures';
import { storage, supabase } from './supabase';
import type { UploadProgress } from './xhr-fetch';
import { DataError, NotFoundError, run, toDataError } from './data-errors';
import { isUuid } from '../util/ids';

export const DOCUMENTS_BUCKET = 'project-documents';

const DOCUMENT_COLUMNS = '*, uploader:profiles!project_documents_uploaded_by_fkey(full_name)';
export type ProjectDocument = Tables<'project_documents'> & { uploader: { full_name: string | null } | null };

/** The object key of a document: the project, the document's id and the file's own name. */
export const documentKey = (projectId: string, documentId: string, fileName: string) => `${projectId}/${documentId}/${fileName}`;

/**
 * The key as it goes in a URL path: each segment percent-encoded, so a name holding '#', '?' or '%' reaches Storage
 * whole (Storage decodes the path once). Keys inside JSON bodies (remove) go as they are.
 */
const keyInUrl = (key: string) => key.split('/').map(encodeURIComponent).join('/');

/** What Storage answered, in the shape supabase-js gives (a StorageApiError: message, HTTP status, statusCode). */
interface StorageFailure {
  message?: string;
  status?: number;
  statusCode?: string;
}

/**
 * Whether Storage answered with `code`: in the body's statusCode (which some Storage versions send with HTTP 400) or
 * as the HTTP status.
 */
const answered = (error: StorageFailure, code: number) => Number(error.statusCode) === code || error.status === code;

/** A Storage error as a DataError, with pt-BR text for the answers a user can meet. */
function storageError(error: StorageFailure, fallback: string, fileName = ''): DataError {
  const message = error.message ?? '';
  const named = fileName ? `O arquivo "${fileName}"` : 'O arquivo';
  if (answered(error, 413) || /maximum allowed size/i.test(message)) {
    return new DataError(`${named} passa do limite de ${formatFileSize(MAX_DOCUMENT_BYTES)} por arquivo.`, '413', 413);
  }
  // The local Storage server also reads the first bytes (the browser checked them first; see file-signatures.ts).
  if (/does not match/i.test(message)) {
    return new DataError(`O conteúdo ${fileName ? `do arquivo "${fileName}"` : 'do arquivo'} não corresponde ao tipo declarado. Envie o arquivo original.`, '415', 415);
  }
  if (answered(error, 415) || /mime type/i.test(message)) return new DataError(`${named} não é de um tipo aceito.`, '415', 415);
  if (answered(error, 403) || /row-level security|unauthorized/i.test(message)) {
    return new DataError('Você não tem permissão para esta ação neste projeto.', '403', 403);
  }
  if (answered(error, 404) || /not found/i.test(message)) return new NotFoundError('Documento não encontrado.', '404');
  return toDataError({ message, code: error.statusCode ?? '' }, error.status ?? 0, fallback);
}

/** A project's documents, newest first, with the uploader's name. */
export async function listProjectDocuments(projectId: string): Promise<ProjectDocument[]> {
  if (!isUuid(projectId)) throw new NotFoundError('Projeto não encontrado.');
  const { data, error, status } = await run(() =>
    supabase
      .from('project_documents')
      .select(DOCUMENT_COLUMNS)
      .eq('project_id', projectId)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .overrideTypes<ProjectDocument[], { merge: false }>(),
  );
  if (error) throw toDataError(error, status, 'Não foi possível carregar os documentos.');
  return data ?? [];
}

export interface UploadRequest {
  projectId: string;
  /** Made by the screen (newId) and kept across retries of the same file: it becomes the document's id. */
  documentId: string;
  file: File;
  onProgress?: UploadProgress;
}

/**
 * Uploads one file as a document of the project. A file the bucket would refuse (type, size), or whose first bytes
 * are not of its type (an HTML page named '.pdf'), is refused here first, with a pt-BR message naming it, and nothing
 * is sent. A retry of an upload whose answer was lost finds its key stored
 * (409 'The resource already exists'): that is success, not a second document.
 */
export async function uploadProjectDocument({ projectId, documentId, file, onProgress }: UploadRequest): Promise<void> {
  const problem = documentProblem(file);
  const mimeType = documentMimeType(file);
  if (problem || !mimeType) throw new DataError(problem ?? `O arquivo "${file.name}" não é de um tipo aceito.`, 'invalid_file', 400);
  const contentProblem = await fileContentProblem(file, mimeType, documentTypeLabel(mimeType, file.name));
  if (contentProblem) throw new DataError(contentProblem, 'invalid_file', 400);
  if (!isUuid(projectId) || !isUuid(documentId)) throw new NotFoundError('Projeto não encontrado.');
  const client = await storage(onProgress);
  const body = new Blob([file], { type: mimeType });
  const key = keyInUrl(documentKey(projectId, documentId, file.name));
  const { error } = await client.from(DOCUMENTS_BUCKET).upload(key, body, { contentType: mimeType, upsert: false });
  if (!error) return;
  const failure = error as StorageFailure;
  if (answered(failure, 409) && /already exists/i.test(failure.message ?? '')) return;
  throw storageError(failure, `Não foi possível enviar "${file.name}".`, file.name);
}

/** The document's bytes, exactly as stored. */
export async function downloadProjectDocument(document: Pick<ProjectDocument, 'storage_path' | 'name'>): Promise<Blob> {
  const client = await storage();
  const { data, error } = await client.from(DOCUMENTS_BUCKET).download(keyInUrl(document.storage_path));
  if (error || !data) throw storageError((error ?? {}) as StorageFailure, `Não foi possível baixar "${document.name}".`, document.name);
  return data;
}

/**
 * Deletes a document through Storage (the object and, with it, its row). Nothing removed (already gone, or the caller
 * may not delete it) is a NotFoundError.
 */
export async function deleteProjectDocument(document: Pick<ProjectDocument, 'storage_path' | 'name'>): Promise<void> {
  const client = await storage();
  const { data, error } = await client.from(DOCUMENTS_BUCKET).remove([document.storage_path]);
  if (error) throw storageError(error as StorageFailure, `Não foi possível excluir "${document.name}".`, document.name);
  if (!data || data.length === 0) throw new NotFoundError('Este documento não pode ser excluído por você (ou já foi excluído).', '404');
}
