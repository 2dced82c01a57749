// What a visitor does with their account from a form: sign in, sign up, resend the confirmation, ask for and set a
// new password, change it from 'Meu Perfil'. Each says the outcome in a toast and updates the auth store
// (src/lib/stores/auth.ts, re-exported here so a page that loads this module on demand has both).
import type { AuthError } from '@supabase/supabase-js';
import { supabase } from '../data/supabase';
import { PROFILE_TEXTS } from '../domain/profile-rules';
import { errorMessage } from '../util/error-message';
import { UNCONFIRMED_TEXT, UNCONFIRMED_TITLE, clearAuth, dropLocalSession, storeUser, type AuthResult, type SignUpResult } from './auth';
import { toast } from './toast';

export { $auth, prepareAuthClient } from './auth';

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
