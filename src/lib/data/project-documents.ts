// Data module for project documents ('Documentos'): the files of the private Storage bucket `project-documents`, listed
// through `public.project_documents`. Storage's policies decide who uploads, downloads and deletes (the project's owner
// and admins; the uploader and admins delete); the database writes the document row itself, in the same transaction
// as Storage's object row, so a row exists exactly while its object does. An upload is therefore only the Storage
// upload of the key {project_id}/{document_id}/{file name}: the row appears with it, and a failed upload leaves neither.
import type { Tables } from '../database.types';
import { DOCUMENT_RULES, MAX_DOCUMENT_BYTES, documentTypeLabel } from '../domain/document-rules';
import { fileRefusal } from '../domain/file-signatures';
import { storage, supabase } from './supabase';
import type { UploadProgress } from './xhr-fetch';
import { DataError, NotFoundError, run, toDataError } from './data-errors';
import { keyInUrl, storageError, uploadStoredFile, type StorageErrorTexts, type StorageFailure } from './stored-files';
import { isUuid } from '../util/ids';

export const DOCUMENTS_BUCKET = 'project-documents';

const DOCUMENT_COLUMNS = '*, uploader:profiles!project_documents_uploaded_by_fkey(full_name)';
export type ProjectDocument = Tables<'project_documents'> & { uploader: { full_name: string | null } | null };

/** The object key of a document: the project, the document's id and the file's own name. */
export const documentKey = (projectId: string, documentId: string, fileName: string) => `${projectId}/${documentId}/${fileName}`;

/** How Storage's refusals read for a project's documents. */
const TEXTS: StorageErrorTexts = {
  maxBytes: MAX_DOCUMENT_BYTES,
  forbidden: 'Você não tem permissão para esta ação neste projeto.',
  notFound: 'Documento não encontrado.',
};

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
  const refusal = await fileRefusal(file, DOCUMENT_RULES, documentTypeLabel);
  if (refusal) throw new DataError(refusal, 'invalid_file', 400);
  if (!isUuid(projectId) || !isUuid(documentId)) throw new NotFoundError('Projeto não encontrado.');
  const key = documentKey(projectId, documentId, file.name);
  await uploadStoredFile({ bucket: DOCUMENTS_BUCKET, key, file, rules: DOCUMENT_RULES, typeLabel: documentTypeLabel, texts: TEXTS, onProgress });
}

/** The document's bytes, exactly as stored. */
export async function downloadProjectDocument(document: Pick<ProjectDocument, 'storage_path' | 'name'>): Promise<Blob> {
  const client = await storage();
  const { data, error } = await client.from(DOCUMENTS_BUCKET).download(keyInUrl(document.storage_path));
  if (error || !data) throw storageError((error ?? {}) as StorageFailure, TEXTS, `Não foi possível baixar "${document.name}".`, document.name);
  return data;
}

/**
 * Deletes a document through Storage (the object and, with it, its row). Nothing removed (already gone, or the caller
 * may not delete it) is a NotFoundError.
 */
export async function deleteProjectDocument(document: Pick<ProjectDocument, 'storage_path' | 'name'>): Promise<void> {
  const client = await storage();
  const { data, error } = await client.from(DOCUMENTS_BUCKET).remove([document.storage_path]);
  if (error) throw storageError(error as StorageFailure, TEXTS, `Não foi possível excluir "${document.name}".`, document.name);
  if (!data || data.length === 0) throw new NotFoundError('Este documento não pode ser excluído por você (ou já foi excluído).', '404');
}
