// The text of a thrown value, for toasts and inline errors.

/** An Error's message (the server's or the network's), else `fallback`. */
export function errorMessage(e: unknown, fallback = 'Erro desconhecido.'): string {
  return e instanceof Error && e.message ? e.message : fallback;
}
