// The ticket being written, kept in this tab's sessionStorage (per user) until it is sent, with the id
// generated for it: a send retried after a lost answer reuses the id, so it never makes a duplicate.

export interface TicketDraft {
  subject: string;
  message: string;
  /** Id of the ticket once a send was attempted; null before the first attempt. */
  pendingId: string | null;
}

const key = (userId: string) => `portal-ia:ticket-draft:${userId}`;

export function loadTicketDraft(userId: string): TicketDraft | null {
  try {
    const raw = sessionStorage.getItem(key(userId));
    if (!raw) return null;
    const v = JSON.parse(raw) as TicketDraft;
    if (typeof v?.subject !== 'string' || typeof v.message !== 'string') return null;
    return { subject: v.subject, message: v.message, pendingId: typeof v.pendingId === 'string' ? v.pendingId : null };
  } catch {
    return null;
  }
}

export function saveTicketDraft(userId: string, draft: TicketDraft): void {
  try {
    if (!draft.subject && !draft.message) sessionStorage.removeItem(key(userId));
    else sessionStorage.setItem(key(userId), JSON.stringify(draft));
  } catch {
    // Storage unavailable: the values still live on screen.
  }
}

/** A random v4 uuid (crypto.randomUUID where available, e.g. outside secure contexts it is not). */
export function newTicketId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
