// Watching an open signed-in page's session (see watchSessionEnd). Loaded by the route guard after the screen has
// started, so it stays out of every screen's first chunk.
import type { AuthError } from '@supabase/supabase-js';
import { supabase } from '../data/supabase';
import { SUPABASE_URL } from '../data/session-key';
import { authTokenKey } from '../util/session-storage-key';
import { $auth, dropLocalSession } from './auth';
import { toast } from './toast';

/** How often an open signed-in page asks the auth server whether its session still exists. */
export const SESSION_CHECK_MS = 30_000;

/** Errors that mean the session itself is gone (ended elsewhere, account deleted), not a failed connection. */
function sessionEnded(error: AuthError): boolean {
  return (
    error.name === 'AuthSessionMissingError' ||
    error.code === 'session_not_found' ||
    error.code === 'user_not_found' ||
    error.code === 'refresh_token_not_found' ||
    error.code === 'refresh_token_already_used' ||
    error.code === 'session_expired'
  );
}

/**
 * Watches the signed-in page's session: every SESSION_CHECK_MS, and whenever the tab comes back into view, the auth
 * server is asked whether the session this browser holds still exists (GET /user). An access token stays valid until
 * it expires (an hour), so without asking, a page whose session was ended elsewhere (a password change, a sign-out of
 * every device) would go on reading the account's data. When the server says the session is gone, the tab signs out
 * as it does when the session ends in another tab: the stored session is removed, the shell no longer shows the user,
 * the page and what was typed in it stay, and saving asks to sign in again; a toast says what happened. A failed
 * connection changes nothing. Returns the function that stops watching.
 */
export function watchSessionEnd(): () => void {
  if (typeof window === 'undefined') return () => undefined;
  let checking = false;
  let stopped = false;
  const holdsSession = () => {
    try {
      return localStorage.getItem(authTokenKey(SUPABASE_URL)) !== null;
    } catch {
      return false;
    }
  };
  const check = async () => {
    // A tab already signed out (here or in another tab of this browser) has nothing to ask about.
    if (checking || stopped || !$auth.get().isAuthenticated || !holdsSession()) return;
    checking = true;
    try {
      const { error } = await supabase.auth.getUser();
      if (stopped || !error || !sessionEnded(error)) return;
      await dropLocalSession();
      toast({
        title: 'Sessão encerrada',
        description:
          'Sua sessão foi encerrada em outro lugar (por exemplo, depois de uma troca de senha). Entre novamente para continuar; o que você digitou continua nesta página.',
        variant: 'destructive',
        duration: 60_000,
      });
    } catch {
      // Offline or the auth client failed to load: try again at the next tick.
    } finally {
      checking = false;
    }
  };
  const timer = window.setInterval(() => void check(), SESSION_CHECK_MS);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void check();
  };
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopped = true;
    window.clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}
