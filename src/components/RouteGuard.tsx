// Route guard of the signed-in areas: a spinner while the session loads,
// /login when signed out, /dashboard for non-admins on /admin/*. UI comfort only: RLS is the real gate.
import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $auth, initAuth, type AuthState } from '../lib/stores/auth';

export type GuardDecision = 'loading' | 'login' | 'dashboard' | 'allow';

/** What the guard does for a given auth state (pure, so it is unit-tested). */
export function guardDecision(auth: AuthState, requireAdmin: boolean): GuardDecision {
  if (auth.loading) return 'loading';
  if (!auth.user || !auth.isAuthenticated) return 'login';
  if (requireAdmin && auth.userRole !== 'admin') return 'dashboard';
  return 'allow';
}

/**
 * Once a page has been shown, losing the session (an expired refresh token, a sign-out in another tab) does not
 * navigate away: that would throw away whatever the user was typing. The screen keeps its state and, on the next
 * save, asks to sign in again in place. Signing out with the sidebar button navigates explicitly.
 */
export function keepShownPage(decision: GuardDecision, shownBefore: boolean): GuardDecision {
  return shownBefore && decision === 'login' ? 'allow' : decision;
}

const TARGET: Partial<Record<GuardDecision, string>> = { login: '/login', dashboard: '/dashboard' };

/** Subscribes to the auth store, redirects when needed (history replace), and returns the decision. */
export function useRouteGuard(requireAdmin: boolean): { decision: GuardDecision; auth: AuthState } {
  const auth = useStore($auth);
  const shown = useRef(false);
  const decision = keepShownPage(guardDecision(auth, requireAdmin), shown.current);
  if (decision === 'allow') shown.current = true;
  useEffect(() => {
    initAuth();
  }, []);
  // A session ended elsewhere (a password change on another device) signs this tab out within a minute.
  // The session watch is loaded after the screen has started: it is not part of any screen's first chunk.
  useEffect(() => {
    let stop = () => undefined as void;
    let cancelled = false;
    void import('../lib/stores/session-watch').then(({ watchSessionEnd }) => {
      if (!cancelled) stop = watchSessionEnd();
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, []);
  useEffect(() => {
    const target = TARGET[decision];
    if (target) window.location.replace(target);
  }, [decision]);
  return { decision, auth };
}

/** The spinner shown in place of the page while the guard waits; it fills the content area (no layout shift). */
export function GuardSpinner() {
  return (
    <div className="flex min-h-[60vh] w-full items-center justify-center" data-guard="loading">
      <span role="status" aria-label="Carregando..." className="inline-block">
        <span aria-hidden="true" className="block h-10 w-10 animate-spin rounded-full border-4 border-brand-600 border-t-transparent" />
      </span>
    </div>
  );
}
