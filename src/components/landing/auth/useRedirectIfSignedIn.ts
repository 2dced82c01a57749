// Sends an already authenticated visitor of /login or /register to /dashboard (issue 3).
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $auth } from '../../../lib/auth';

/** Returns true while the session is still unknown or a redirect is under way (render a placeholder then). */
export function useRedirectIfSignedIn(paused = false): boolean {
  const { loading, isAuthenticated } = useStore($auth);
  const leaving = !loading && isAuthenticated;
  useEffect(() => {
    if (leaving && !paused) window.location.replace('/dashboard');
  }, [leaving, paused]);
  return loading || (leaving && !paused);
}
