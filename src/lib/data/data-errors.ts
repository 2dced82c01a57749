// Errors thrown by the data modules (projects, tickets, clients, tasks, profiles): each carries the
// server's message and code, so screens can show it in their destructive toast and branch on the kind.
import type { PostgrestError } from '@supabase/supabase-js';
import { supabase } from './supabase';

export class DataError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: string;
  constructor(message: string, code = '', status = 0, details = '') {
    super(message);
    this.name = 'DataError';
    this.code = code;
    this.status = status;
    this.details = details;
  }
}

/** The row does not exist or belongs to someone else (PostgREST PGRST116, or an id that is not a uuid). */
export class NotFoundError extends DataError {
  constructor(message = 'Registro não encontrado.', code = 'PGRST116') {
    super(message, code, 406);
    this.name = 'NotFoundError';
  }
}

/** The row changed since it was loaded (optimistic concurrency on updated_at): nothing was written. */
export class ConflictError extends DataError {
  constructor(message = 'Este registro foi alterado em outra aba ou por outra pessoa. Recarregue para ver a versão atual.') {
    super(message, 'conflict', 409);
    this.name = 'ConflictError';
  }
}

/** No usable session: the refresh token is gone or was refused. The user must sign in again. */
export class SessionExpiredError extends DataError {
  constructor(message = 'Sua sessão expirou. Entre novamente para continuar.') {
    super(message, 'session_expired', 401);
    this.name = 'SessionExpiredError';
  }
}

/** What supabase-js hands back as `error`: a PostgrestError, or the shape of one. */
type ErrorLike = Pick<PostgrestError, 'message'> & Partial<Pick<PostgrestError, 'code' | 'details'>>;

/**
 * Turns a PostgREST error into a DataError: the server's message and code kept; a request that never arrived
 * (offline, server down) gets a pt-BR text; an empty message gets `fallback`.
 */
export function toDataError(error: ErrorLike | null | undefined, status = 0, fallback = 'Erro desconhecido.'): DataError {
  if (error?.code === 'PGRST116') return new NotFoundError(error.message);
  const raw = error?.message ?? '';
  // supabase-js reports a failed fetch as the TypeError's message, with no code.
  if (!error?.code && /failed to fetch|fetch failed|networkerror|network request failed|load failed/i.test(raw)) {
    return new DataError('Não foi possível conectar ao servidor. Verifique sua conexão.', 'network', status);
  }
  return new DataError(raw || fallback, error?.code ?? '', status, error?.details ?? '');
}

/**
 * Runs a query built by `build`; on a 401 (expired or refused JWT: supabase-js never refreshes after a
 * REST 401) refreshes the session once and runs a fresh query. A refused refresh is a SessionExpiredError.
 */
export async function run<R extends { status: number }>(build: () => PromiseLike<R>): Promise<R> {
  const first = await build();
  if (first.status !== 401) return first;
  const { error } = await supabase.auth.refreshSession();
  if (error) throw new SessionExpiredError();
  return build();
}

/**
 * The signed-in user from the stored session (refreshed by supabase-js when it is about to expire): the id, and
 * whether it is an admin (`app_metadata.role`, which only the server writes; the database checks it again).
 */
export async function currentUser(): Promise<{ id: string; isAdmin: boolean }> {
  const { data, error } = await supabase.auth.getSession();
  const user = data.session?.user;
  if (error || !user?.id) throw new SessionExpiredError();
  return { id: user.id, isAdmin: user.app_metadata?.role === 'admin' };
}

/** The signed-in user's id from the stored session. */
export async function currentUserId(): Promise<string> {
  return (await currentUser()).id;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID.test(value);

/** True for a SessionExpiredError and for the errors PostgREST gives when the access token is expired or invalid. */
export function isSessionError(error: unknown): boolean {
  return error instanceof SessionExpiredError || (error instanceof DataError && ['PGRST301', 'PGRST302', 'PGRST303'].includes(error.code));
}

/** For a delete whose goal is met when the row is gone anyway: swallows a NotFoundError, rethrows anything else. */
export function ignoreNotFound(error: unknown): void {
  if (!(error instanceof NotFoundError)) throw error;
}
