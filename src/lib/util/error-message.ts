// The text of a thrown value, for toasts and inline errors: always pt-BR (see lib/domain/error-texts.ts).
import { GENERIC_ERROR_TEXT, errorText } from '../domain/error-texts';

/**
 * The pt-BR text of a thrown value: the network text for a request that never arrived, a Portuguese message as it is,
 * the text of the server's code or HTTP status; else `fallback` (the generic sentence unless the screen gives its own;
 * '' lets a screen show only its own sentence).
 */
export function errorMessage(e: unknown, fallback: string = GENERIC_ERROR_TEXT): string {
  if (typeof e !== 'object' || e === null) return fallback;
  const f = e as { code?: unknown; message?: unknown; status?: unknown; name?: unknown };
  return errorText(
    {
      code: typeof f.code === 'string' ? f.code : null,
      message: typeof f.message === 'string' ? f.message : null,
      status: typeof f.status === 'number' ? f.status : null,
      name: typeof f.name === 'string' ? f.name : null,
    },
    fallback,
  );
}
