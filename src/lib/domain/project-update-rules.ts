// Rules of the updates timeline ('Atualizações') that the screen shows; the database enforces them again.
import { LIMITS } from './field-limits';

/** The longest update, in characters after trimming. */
export const MAX_UPDATE_LENGTH = LIMITS.projectUpdate;

/** How long after posting an author may still delete their own update. */
export const AUTHOR_DELETE_WINDOW_MS = 15 * 60_000;

interface UpdateFacts {
  author_id: string | null;
  created_at: string;
}

/** An update by anyone other than the project's owner is the agency staff's ('Equipe'). */
export const isStaffUpdate = (update: Pick<UpdateFacts, 'author_id'>, projectOwnerId: string) =>
  update.author_id !== null && update.author_id !== projectOwnerId;

/** Whether the delete button shows: admins for any update; its author within 15 minutes of posting it. */
export function mayDeleteUpdate(update: UpdateFacts, me: { id: string; isAdmin: boolean }, now = Date.now()): boolean {
  if (me.isAdmin) return true;
  return update.author_id === me.id && now - new Date(update.created_at).getTime() < AUTHOR_DELETE_WINDOW_MS;
}

/** Why a typed update cannot be posted (pt-BR), or null. */
export function updateProblem(content: string): string | null {
  const text = content.trim();
  if (text === '') return 'Escreva a atualização antes de enviar.';
  if ([...text].length > MAX_UPDATE_LENGTH) return `A atualização pode ter no máximo ${MAX_UPDATE_LENGTH.toLocaleString('pt-BR')} caracteres.`;
  return null;
}
