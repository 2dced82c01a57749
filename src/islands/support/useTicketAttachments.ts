// The attachments of the ticket on screen: read once the ticket is known, grouped by message (null: the first one),
// and sent after a message is stored. A failed read leaves the conversation as it is and says so in a toast.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { createElement } from 'react';
import { listTicketAttachments, type TicketAttachment } from '../../lib/data/ticket-attachments';
import { toast } from '../../lib/stores/toast';
import { errorMessage } from '../../lib/util/error-message';
import { attachmentFailureText, type PendingFile } from '../../components/support/attachments';
import { sendAttachments } from './send-attachments';
import { MessageAttachments } from './MessageAttachments';

export function useTicketAttachments(ticketId: string | null) {
  const [rows, setRows] = useState<TicketAttachment[]>([]);

  const refresh = useCallback(async () => {
    if (!ticketId) return;
    try {
      setRows(await listTicketAttachments(ticketId));
    } catch (error) {
      toast({ title: 'Erro ao carregar anexos', description: errorMessage(error), variant: 'destructive' });
    }
  }, [ticketId]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const byMessage = useMemo(() => {
    const map = new Map<string | null, TicketAttachment[]>();
    for (const row of rows) map.set(row.message_id, [...(map.get(row.message_id) ?? []), row]);
    return map;
  }, [rows]);

  /** The files under a message of the conversation (null: the ticket's first message). */
  const render = useCallback(
    (messageId: string | null): ReactNode => {
      const list = byMessage.get(messageId);
      return list ? createElement(MessageAttachments, { attachments: list }) : null;
    },
    [byMessage],
  );

  /**
   * Sends the files of a stored message; answers the ones that failed (with their reasons, said in a toast), so the
   * reply box keeps them for another attempt.
   */
  const send = useCallback(
    async (messageId: string, files: PendingFile[]): Promise<PendingFile[]> => {
      if (!ticketId || files.length === 0) return [];
      const failed = await sendAttachments(ticketId, messageId, files);
      await refresh();
      if (failed.length > 0) {
        toast({ title: 'Erro ao enviar anexo', description: attachmentFailureText(failed, 'a mensagem'), variant: 'destructive' });
      }
      return failed;
    },
    [ticketId, refresh],
  );

  return { render, send, refresh };
}
