// The auth store shared by every island. Supabase's auth events drive it; signing out is here, the form actions
// (sign in, sign up, passwords) are in account-actions.ts.
import { map, onMount } from 'nanostores';
import type { AuthChangeEvent, Session, User } from '@supabase/supabase-js';
import { afterFirstView, startAuthClient, supabase } from '../data/supabase';
import { freshStoredSession } from '../data/stored-session';
import { SUPABASE_URL } from '../data/session-key';
import { authTokenKey } from '../util/session-storage-key';
import { toast } from './toast';
import { errorMessage } from '../util/error-message';
import { clearLastRows, keepLastRowsOf } from './last-rows';

export type UserRole = 'admin' | 'user';

export interface AuthState {
  user: User | null;
  userRole: UserRole | null;
  isAuthenticated: boolean;
  loading: boolean;
}

export interface AuthResult {
  success: boolean;
  /** Supabase's error code when it gave one (`email_not_confirmed`, `invalid_credentials`, ...), or `unexpected`. */
  errorType?: string;
}

export interface SignUpResult extends AuthResult {
  /** True when the account exists but the e-mail must be confirmed before signing in. */
  needsConfirmation?: boolean;
}

const SIGNED_OUT_STATE: AuthState = { user: null, userRole: null, isAuthenticated: false, loading: false };

export const $auth = map<AuthState>({ user: null, userRole: null, isAuthenticated: false, loading: true });

/** The role the UI uses: `app_metadata.role` (only the server writes it), 'user' by default. */
export function roleOf(user: User): UserRole {
  return user.app_metadata?.role === 'admin' ? 'admin' : 'user';
}

/** A user counts as authenticated only with a confirmed e-mail or phone. */
export function isConfirmed(user: User): boolean {
  return Boolean(user.email_confirmed_at || user.phone_confirmed_at);
}

/** Signed out (or no session): the store and every list kept for the previous user are emptied. */
export function clearAuth(): void {
  clearLastRows();
  $auth.set({ ...SIGNED_OUT_STATE });
}

export const UNCONFIRMED_TITLE = 'Email não confirmado';
export const UNCONFIRMED_TEXT = 'Verifique sua caixa de entrada para confirmar seu email.';

/** Stores a session's user; returns whether the user ended up authenticated. */
export function storeUser(user: User, notifyUnconfirmed: boolean): boolean {
  keepLastRowsOf(user.id);
  const current = $auth.get();
  // The auth client confirming the session the page started with changes nothing: no store update, no re-render.
  if (current.isAuthenticated && !current.loading && JSON.stringify(current.user) === JSON.stringify(user)) return true;
  if (!isConfirmed(user)) {
    $auth.set({ user, userRole: null, isAuthenticated: false, loading: false });
    if (notifyUnconfirmed) toast({ title: UNCONFIRMED_TITLE, description: UNCONFIRMED_TEXT, variant: 'destructive' });
    return false;
  }
  $auth.set({ user, userRole: roleOf(user), isAuthenticated: true, loading: false });
  return true;
}

/** Applies one auth event to the store (exported for tests). */
export function handleAuthEvent(event: AuthChangeEvent, session: Session | null): void {
  try {
    if (event === 'SIGNED_OUT' || !session?.user) {
      clearAuth();
      return;
    }
    if (event === 'PASSWORD_RECOVERY') {
      // The recovery link signs the user in only to let them choose a new password.
      $auth.set({ user: session.user, userRole: null, isAuthenticated: false, loading: false });
      toast({ title: 'Pronto para redefinir!', description: 'Você pode definir sua nova senha agora.' });
      return;
    }
    // INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED, MFA_CHALLENGE_VERIFIED
    const wasUnconfirmedAlready = $auth.get().user?.id === session.user.id && !$auth.get().isAuthenticated;
    storeUser(session.user, !wasUnconfirmedAlready);
  } catch {
    clearAuth();
  }
}

let started = false;

/** Loads the auth client ahead of a sign-in, sign-up or reset the page expects (the form's first keystroke). */
export function prepareAuthClient(): Promise<unknown> {
  return startAuthClient();
}

/** True when the URL carries a session or an auth error for the auth client to read (e-mail links, OAuth). */
function urlCarriesAuth(): boolean {
  if (typeof window === 'undefined') return false;
  const { hash, search } = window.location;
  return /access_token=|error_description=|error_code=/.test(hash) || /[?&]code=/.test(search);
}

/**
 * Starts listening to Supabase's auth events (once per page); the first event ends `loading`. A fresh stored session
 * ends it at once, so a signed-in screen draws without waiting for the auth client, which starts after the first view
 * and then confirms the session (or refreshes or drops it, like any later change).
 */
export function initAuth(): void {
  // The build renders the pages with no session to read: the store stays loading there, as the page's HTML shows.
  if (started || typeof window === 'undefined') return;
  started = true;
  const subscribe = () => {
    try {
      // Supabase emits INITIAL_SESSION right after subscribing, with the stored (or URL) session or null.
      supabase.auth.onAuthStateChange((event, session) => handleAuthEvent(event, session));
    } catch {
      clearAuth();
    }
  };
  const stored = urlCarriesAuth() ? null : freshStoredSession();
  if (!stored) return subscribe();
  handleAuthEvent('INITIAL_SESSION', stored as unknown as Session);
  void afterFirstView().then(() => {
    subscribe();
    void startAuthClient();
  });
}

onMount($auth, () => {
  initAuth();
});

/** Removes the session stored in this browser even when the server could not be told. */
export async function dropLocalSession(): Promise<void> {
  try {
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    if (error && typeof localStorage !== 'undefined') localStorage.removeItem(authTokenKey(SUPABASE_URL));
  } catch {
    if (typeof localStorage !== 'undefined') localStorage.removeItem(authTokenKey(SUPABASE_URL));
  }
  clearAuth();
}

/** Signs out; the local session is removed even when the server refuses (401/403/404 are not errors). */
export async function signOut(): Promise<AuthResult> {
  try {
    // supabase-js already ignores 401, 403 and 404 and then clears the stored session.
    const { error } = await supabase.auth.signOut();
    if (error) {
      await dropLocalSession();
      toast({ title: 'Erro ao sair', description: errorMessage(error), variant: 'destructive' });
      return { success: false, errorType: error.code ?? 'unknown' };
    }
    clearAuth();
    toast({ title: 'Logout realizado', description: 'Você saiu da sua conta.' });
    return { success: true };
  } catch (e) {
    await dropLocalSession();
    toast({ title: 'Erro inesperado', description: errorMessage(e), variant: 'destructive' });
    return { success: false, errorType: 'unexpected' };
  }
}
