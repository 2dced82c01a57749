// Lengths of the free-text fields, the same in the forms (maxLength and validation) and in the database's check
// constraints (tests/db compares them). Texts are stored trimmed; a length counts characters as Postgres does.

export const LIMITS = {
  projectTitle: 200,
  projectDescription: 5000,
  taskTitle: 200,
  taskDescription: 5000,
  ticketSubject: 200,
  ticketMessage: 10000,
  projectUpdate: 5000,
  profileName: 120,
  avatarUrl: 2048,
  passwordMin: 6,
  invoiceItemDescription: 200,
  invoiceCancelReason: 500,
  /** Not stored: a list's search box (longer text finds nothing more) and the landing's demo chat. */
  search: 200,
  demoChatMessage: 500,
} as const;

/** Characters as Postgres's char_length counts them (code points, so an emoji counts as one or two, never half). */
export function charLength(text: string): number {
  return [...text].length;
}
