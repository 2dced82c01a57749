// Sending a message's chosen files once the message is stored, each under the attachment id it got when chosen.
import { uploadTicketAttachment } from '../../lib/data/ticket-attachments';
import { errorMessage } from '../../lib/util/error-message';
import type { PendingFile } from '../../components/support/attachments';

/**
 * Sends the files, one after another, as attachments of the stored message (`messageId` null: the ticket's first
 * message). Answers the files that failed, each with its pt-BR reason; an empty list when every file is stored.
 */
export async function sendAttachments(ticketId: string, messageId: string | null, files: PendingFile[]): Promise<PendingFile[]> {
  const failed: PendingFile[] = [];
  for (const pending of files) {
    try {
      await uploadTicketAttachment({ ticketId, messageId, attachmentId: pending.id, file: pending.file });
    } catch (error) {
      failed.push({ ...pending, error: errorMessage(error, `Não foi possível enviar "${pending.file.name}".`) });
    }
  }
  return failed;
}
