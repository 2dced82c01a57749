// Data module for ticket attachments: the files of the private Storage bucket `ticket-attachments`, listed through
// `public.ticket_attachments`. The database decides who reads (the ticket's owner, except internal notes' files; the
// staff) and who adds (the message's author), and writes the row in the same transaction as Storage's object. An
// attachment is therefore only the Storage upload of the key {ticket_id}/{message_id}/{attachment_id}/{file name},
// made after its message is stored (the ticket's own id names its first message). Attachments are never replaced or
// deleted.
import type { Tables } from '../database.types';
import { documentTypeLabel } from '../domain/document-rules';
import { ATTACHMENT_RULES, MAX_ATTACHMENT_BYTES } from '../domain/ticket-attachment-rules';
import { storage, supabase } from './supabase';
import type { UploadProgress } from './xhr-fetch';
import { NotFoundError, run, toDataError } from './data-errors';
import { keyInUrl, storageError, uploadStoredFile, type StorageErrorTexts, type StorageFailure } from './stored-files';
import { isUuid } from '../util/ids';

export const ATTACHMENTS_BUCKET = 'ticket-attachments';

export type TicketAttachment = Tables<'ticket_attachments'>;

const TEXTS: StorageErrorTexts = {
  maxBytes: MAX_ATTACHMENT_BYTES,
  forbidden: 'Você não tem permissão para anexar arquivos a esta mensagem.',
  notFound: 'Anexo não encontrado.',
};

/** The object key of an attachment; `messageId` null for the ticket's first message. */
export const attachmentKey = (ticketId: string, messageId: string | null, attachmentId: string, fileName: string) =>
  `${ticketId}/${messageId ?? ticketId}/${attachmentId}/${fileName}`;

/** Every attachment of a ticket the caller may read, oldest first (a client never receives internal notes' files). */
export async function listTicketAttachments(ticketId: string): Promise<TicketAttachment[]> {
  if (!isUuid(ticketId)) throw new NotFoundError('Ticket não encontrado.');
  const { data, error, status } = await run(() =>
    supabase
      .from('ticket_attachments')
      .select('*')
      .eq('ticket_id', ticketId)
      .order('created_at', { ascending: true })
      .order('id', { ascending: true }),
  );
  if (error) throw toDataError(error, status, 'Não foi possível carregar os anexos.');
  return data ?? [];
}

export interface AttachmentUpload {
  ticketId: string;
  /** The stored message the file belongs to; null for the ticket's first message. */
  messageId: string | null;
  /** Made when the file is chosen and kept across retries: it becomes the attachment's id. */
  attachmentId: string;
  file: File;
  onProgress?: UploadProgress;
}

/**
 * Attaches one file to a stored message. A refused file (type, size, content) is refused here with a pt-BR message
 * naming it; a retry of an upload whose answer was lost is success, not a second attachment.
 */
export async function uploadTicketAttachment({ ticketId, messageId, attachmentId, file, onProgress }: AttachmentUpload): Promise<void> {
  if (!isUuid(ticketId) || (messageId !== null && !isUuid(messageId)) || !isUuid(attachmentId)) {
    throw new NotFoundError('Ticket não encontrado.');
  }
  const key = attachmentKey(ticketId, messageId, attachmentId, file.name);
  await uploadStoredFile({ bucket: ATTACHMENTS_BUCKET, key, file, rules: ATTACHMENT_RULES, typeLabel: documentTypeLabel, texts: TEXTS, onProgress });
}

/**
 * The attachment's bytes, exactly as stored. Storage serves them only to who may read the file (the same rule as a
 * signed URL); the key goes percent-encoded, so a name holding '#' or '?' reaches Storage whole.
 */
export async function downloadAttachment(attachment: Pick<TicketAttachment, 'storage_path' | 'name'>): Promise<Blob> {
  const client = await storage();
  const { data, error } = await client.from(ATTACHMENTS_BUCKET).download(keyInUrl(attachment.storage_path));
  if (error || !data) throw storageError((error ?? {}) as StorageFailure, TEXTS, `Não foi possível baixar "${attachment.name}".`, attachment.name);
  return data;
}
