// Files chosen for a ticket message, and sending them once the message is stored. Each chosen file gets its
// attachment id when chosen, kept across retries, so a retry after a lost answer stores it once.
import { uploadTicketAttachment } from '../../lib/data/ticket-attachments';
import { errorMessage } from '../../lib/util/error-message';

export interface PendingFile {
  /** The attachment's id (made when the file was chosen). */
  id: string;
  file: File;
  /** Why the last attempt to send it failed; none before. */
  error?: string;
}

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

/** The toast text for files that failed after their message was stored. */
export function attachmentFailureText(failed: PendingFile[], stored: 'o ticket' | 'a mensagem'): string {
  const reasons = failed.map((f) => f.error).join(' ');
  const kept = failed.length === 1 ? 'O anexo que falhou continua selecionado' : 'Os anexos que falharam continuam selecionados';
  return `${reasons} ${stored === 'o ticket' ? 'O ticket foi criado' : 'A mensagem foi enviada'}; ${kept}: tente enviar novamente.`;
}
