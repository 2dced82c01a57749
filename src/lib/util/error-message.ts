// The text of a thrown value, for toasts and inline errors.

/** An Error's message, a thrown string as is, '' for anything else. */
export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  return typeof e === 'string' ? e : '';
}
