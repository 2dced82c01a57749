// The ticket being written, kept per user until it is sent, with the id generated for it: a send retried after a lost
// answer reuses the id, so it never makes a duplicate.
import { isRecord, sessionDraft, type DraftStore } from '../../lib/stores/drafts';

export interface TicketDraft {
  subject: string;
  message: string;
  /** The project the ticket is about (none when absent or ''). */
  projectId?: string;
  /** Id of the ticket once a send was attempted; null before the first attempt. */
  pendingId: string | null;
}

function readTicketDraft(v: unknown): TicketDraft | null {
  if (!isRecord(v) || typeof v.subject !== 'string' || typeof v.message !== 'string') return null;
  return {
    subject: v.subject,
    message: v.message,
    ...(typeof v.projectId === 'string' && v.projectId ? { projectId: v.projectId } : {}),
    pendingId: typeof v.pendingId === 'string' ? v.pendingId : null,
  };
}

/** The draft store of this user's ticket form; an empty form removes it. */
export const ticketDraft = (userId: string): DraftStore<TicketDraft> =>
  sessionDraft(`portal-ia:ticket-draft:${userId}`, readTicketDraft, (d) => !d.subject && !d.message && !d.projectId);
