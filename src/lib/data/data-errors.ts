// Errors thrown by the data modules (projects, tickets, clients, tasks, profiles): each carries a pt-BR message a
// screen can show in its destructive toast as it is, the server's code to branch on, and the server's own message.
import type { PostgrestError } from '@supabase/supabase-js';
import { supabase } from './supabase';
import { GENERIC_ERROR_TEXT, errorText, isNetworkFailure } from '../domain/error-texts';

export class DataError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: string;
  /** What the server said (often English), for code that inspects it; never shown. */
  readonly serverMessage: string;
  constructor(message: string, code = '', status = 0, details = '', serverMessage = message) {
    super(message);
    this.name = 'DataError';
    this.code = code;
    this.status = status;
    this.details = details;
    this.serverMessage = serverMessage;
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
export type ErrorLike = Pick<PostgrestError, 'message'> & Partial<Pick<PostgrestError, 'code' | 'details'>>;

/**
 * Turns a PostgREST error into a DataError with a pt-BR message (lib/domain/error-texts.ts: the database's own
 * Portuguese message as it is, else the text of the code, the constraint or the status, else `fallback`); the server's
 * code, details and message are kept. A request that never arrived (offline, server down) has the code `network`.
 */
export function toDataError(error: ErrorLike | null | undefined, status = 0, fallback = GENERIC_ERROR_TEXT): DataError {
  const raw = error?.message ?? '';
  const code = error?.code ?? '';
  const text = errorText({ code, message: raw, status }, fallback);
  if (code === 'PGRST116') return new NotFoundError(text);
  // supabase-js reports a failed fetch as the TypeError's message, with no code.
  if (isNetworkFailure({ code, message: raw })) return new DataError(text, 'network', status, '', raw);
  return new DataError(text, code, status, error?.details ?? '', raw);
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

/** True for a SessionExpiredError and for the errors PostgREST gives when the access token is expired or invalid. */
export function isSessionError(error: unknown): boolean {
  return error instanceof SessionExpiredError || (error instanceof DataError && ['PGRST301', 'PGRST302', 'PGRST303'].includes(error.code));
}

/** For a delete whose goal is met when the row is gone anyway: swallows a NotFoundError, rethrows anything else. */
export function ignoreNotFound(error: unknown): void {
  if (!(error instanceof NotFoundError)) throw error;
}
