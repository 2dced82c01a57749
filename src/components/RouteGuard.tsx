// Route guard of the signed-in areas (SPEC §2 'Route guard'): a spinner while the session loads,
// /login when signed out, /dashboard for non-admins on /admin/*. UI comfort only: RLS is the real gate.
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $auth, initAuth, type AuthState } from '../lib/auth';

export type GuardDecision = 'loading' | 'login' | 'dashboard' | 'allow';

/** What the guard does for a given auth state (pure, so it is unit-tested). */
export function guardDecision(auth: AuthState, requireAdmin: boolean): GuardDecision {
  if (auth.loading) return 'loading';
  if (!auth.user || !auth.isAuthenticated) return 'login';
  if (requireAdmin && auth.userRole !== 'admin') return 'dashboard';
  return 'allow';
}

const TARGET: Partial<Record<GuardDecision, string>> = { login: '/login', dashboard: '/dashboard' };

/** Subscribes to the auth store, redirects when needed (history replace), and returns the decision. */
export function useRouteGuard(requireAdmin: boolean): { decision: GuardDecision; auth: AuthState } {
  const auth = useStore($auth);
  const decision = guardDecision(auth, requireAdmin);
  useEffect(() => {
    initAuth();
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
