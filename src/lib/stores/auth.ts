// The auth store shared by every island.
// Supabase's auth events drive it; the actions below are the only auth calls the screens make.
import { map, onMount } from 'nanostores';
import type { AuthChangeEvent, AuthError, Session, User } from '@supabase/supabase-js';
import { startAuthClient, supabase, whenFirstDataIn } from '../data/supabase';
import { freshStoredSession } from '../data/stored-session';
import { sessionStorageKey } from '../data/session-key';
import { toast } from './toast';
import { errorMessage } from '../util/error-message';
import { PROFILE_TEXTS } from '../domain/profile-rules';
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
function clearAuth(): void {
  clearLastRows();
  $auth.set({ ...SIGNED_OUT_STATE });
}

const UNCONFIRMED_TITLE = 'Email não confirmado';
const UNCONFIRMED_TEXT = 'Verifique sua caixa de entrada para confirmar seu email.';

/** Stores a session's user; returns whether the user ended up authenticated. */
function storeUser(user: User, notifyUnconfirmed: boolean): boolean {
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
 * Runs `fn` once the page has loaded and its first data has arrived and painted (at most 3 s after load): the first
 * view never waits for, nor shares the network with, what `fn` loads.
 */
function afterFirstView(fn: () => void): void {
  const later = () => {
    void whenFirstDataIn(3000).then(fn);
  };
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
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
  afterFirstView(() => {
    subscribe();
    void startAuthClient();
  });
}

onMount($auth, () => {
  initAuth();
});

function origin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

function isInvalidCredentials(error: AuthError): boolean {
  return error.code === 'invalid_credentials' || /invalid login credentials/i.test(error.message);
}

function isEmailNotConfirmed(error: AuthError): boolean {
  return error.code === 'email_not_confirmed' || /email not confirmed/i.test(error.message);
}

/** Signs in with e-mail and password; on success the user is authenticated and welcomed. */
export async function signIn(email: string, password: string): Promise<AuthResult> {
  try {
    const { data, error } = await supabase.auth.signInWithPassword({ email, password });
    if (error) {
      clearAuth();
      if (isEmailNotConfirmed(error)) {
        toast({ title: UNCONFIRMED_TITLE, description: UNCONFIRMED_TEXT, variant: 'destructive' });
        return { success: false, errorType: 'email_not_confirmed' };
      }
      if (isInvalidCredentials(error)) {
        toast({
          title: 'Credenciais inválidas',
          description: 'Email ou senha incorretos. Por favor, tente novamente.',
          variant: 'destructive',
        });
        return { success: false, errorType: 'invalid_credentials' };
      }
      toast({ title: 'Falha no login', description: errorMessage(error), variant: 'destructive' });
      return { success: false, errorType: error.code ?? 'unknown' };
    }
    if (!data.user || !storeUser(data.user, true)) {
      return { success: false, errorType: 'email_not_confirmed' };
    }
    toast({ title: 'Autenticação bem-sucedida!', description: 'Bem-vindo!' });
    return { success: true };
  } catch (e) {
    clearAuth();
    toast({ title: 'Erro inesperado no login', description: errorMessage(e), variant: 'destructive' });
    return { success: false, errorType: 'unexpected' };
  }
}

/** Creates an account (role 'user'); without an immediate session the user must confirm by e-mail. */
export async function signUp(name: string, email: string, password: string): Promise<SignUpResult> {
  try {
    const { data, error } = await supabase.auth.signUp({
      email,
      password,
      options: { data: { full_name: name, role: 'user' }, emailRedirectTo: `${origin()}/confirm-email` },
    });
    if (error) {
      clearAuth();
      toast({ title: 'Falha no registro', description: errorMessage(error), variant: 'destructive' });
      return { success: false, errorType: error.code ?? 'unknown' };
    }
    if (data.session?.user) {
      storeUser(data.session.user, false);
      toast({ title: 'Registro bem-sucedido!', description: `Bem-vindo, ${name}!` });
      return { success: true, needsConfirmation: false };
    }
    toast({
      title: 'Registro quase lá!',
      description: 'Enviamos um link de confirmação para o seu e-mail. Verifique sua caixa de entrada.',
    });
    return { success: true, needsConfirmation: true };
  } catch (e) {
    clearAuth();
    toast({ title: 'Erro inesperado no registro', description: errorMessage(e), variant: 'destructive' });
    return { success: false, errorType: 'unexpected' };
  }
}

/** Sends the signup confirmation e-mail again. */
export async function resendConfirmation(email: string): Promise<AuthResult> {
  try {
    const { error } = await supabase.auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: `${origin()}/confirm-email` },
    });
    if (error) {
      toast({ title: 'Erro ao reenviar email', description: errorMessage(error), variant: 'destructive' });
      return { success: false, errorType: error.code ?? 'unknown' };
    }
    toast({ title: 'Email de confirmação reenviado', description: 'Verifique sua caixa de entrada.' });
    return { success: true };
  } catch (e) {
    toast({ title: 'Erro ao reenviar email', description: errorMessage(e), variant: 'destructive' });
    return { success: false, errorType: 'unexpected' };
  }
}

/** Sends the password-reset e-mail; its link returns to /reset-password. */
export async function sendResetEmail(email: string): Promise<AuthResult> {
  try {
    const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: `${origin()}/reset-password` });
    if (error) {
      toast({ title: 'Erro ao enviar email', description: errorMessage(error), variant: 'destructive' });
      return { success: false, errorType: error.code ?? 'unknown' };
    }
    toast({ title: 'Email de redefinição enviado', description: 'Verifique sua caixa de entrada para redefinir sua senha.' });
    return { success: true };
  } catch (e) {
    toast({ title: 'Erro ao enviar email', description: errorMessage(e), variant: 'destructive' });
    return { success: false, errorType: 'unexpected' };
  }
}

/** Removes the session stored in this browser even when the server could not be told. */
export async function dropLocalSession(): Promise<void> {
  try {
    const { error } = await supabase.auth.signOut({ scope: 'local' });
    if (error && typeof localStorage !== 'undefined') localStorage.removeItem(sessionStorageKey());
  } catch {
    if (typeof localStorage !== 'undefined') localStorage.removeItem(sessionStorageKey());
  }
  clearAuth();
}

/** Sets the new password of the recovery session, then signs the user out so they log in with it. */
export async function updatePassword(password: string): Promise<AuthResult> {
  try {
    const { error } = await supabase.auth.updateUser({ password });
    if (error) {
      toast({ title: 'Erro ao redefinir senha', description: errorMessage(error), variant: 'destructive' });
      return { success: false, errorType: error.code ?? 'unknown' };
    }
    await dropLocalSession();
    toast({ title: 'Senha redefinida com sucesso!', description: 'Você já pode fazer login com sua nova senha.' });
    return { success: true };
  } catch (e) {
    toast({ title: 'Erro ao redefinir senha', description: errorMessage(e), variant: 'destructive' });
    return { success: false, errorType: 'unexpected' };
  }
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

/**
 * 'Alterar senha' in 'Meu Perfil': the session is first checked with the server (GET /user), so a session ended
 * elsewhere (signed out, password changed on another device) cannot change the password; then the current password
 * is checked (`wrong_password` when it is not the account's); then the new password is set. The auth server keeps this
 * session and ends every other session of the account, which is also asked for explicitly (sign-out of the others):
 * their refresh tokens stop working at once, and their open pages are signed out within a minute (watchSessionEnd in session-watch.ts).
 */
export async function changePassword(current: string, password: string): Promise<AuthResult> {
  const failTitle = 'Erro ao alterar senha';
  try {
    const { data, error: checkError } = await supabase.auth.getUser();
    if (checkError || !data.user) {
      toast({ title: failTitle, description: 'Sua sessão expirou. Entre novamente para continuar.', variant: 'destructive' });
      return { success: false, errorType: checkError?.code ?? 'session_not_found' };
    }
    const { verifyPassword } = await import('../data/password-check');
    if (!(await verifyPassword(data.user.email ?? '', current))) {
      toast({ title: failTitle, description: PROFILE_TEXTS.currentWrong, variant: 'destructive' });
      return { success: false, errorType: 'wrong_password' };
    }
    const { error } = await supabase.auth.updateUser({ password });
    if (error) {
      toast({ title: failTitle, description: errorMessage(error), variant: 'destructive' });
      return { success: false, errorType: error.code ?? 'unknown' };
    }
    const { error: othersError } = await supabase.auth.signOut({ scope: 'others' });
    if (othersError) {
      toast({ title: 'Senha alterada!', description: PROFILE_TEXTS.sessionsNotConfirmed, variant: 'destructive' });
      return { success: true };
    }
    toast({ title: 'Senha alterada!', description: PROFILE_TEXTS.sessionsEnded });
    return { success: true };
  } catch (e) {
    toast({ title: failTitle, description: errorMessage(e), variant: 'destructive' });
    return { success: false, errorType: 'unexpected' };
  }
}
