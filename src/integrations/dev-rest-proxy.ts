// Vite plugin for `astro dev`: the pages send their REST calls to the site's own origin, so the dev server forwards
// `/rest/v1/*` (path and query kept) to the env's Supabase (PUBLIC_SUPABASE_URL, or the local one when unset), as the
// static host's `_redirects` rule does for a build. With PUBLIC_SUPABASE_REST=direct the pages call Supabase
// themselves and nothing is forwarded; an unknown PUBLIC_SUPABASE_REST stops the dev server.
import type { Plugin } from 'vite';
import { DEFAULT_SUPABASE_URL, normalizeUrl, restRoute } from './build-stamp.ts';
import { proxyRequest } from './http-proxy.ts';

/**
 * Where the dev server forwards `/rest/v1/*` for this environment: the Supabase origin, without trailing slash, or
 * null when the pages call Supabase directly. Throws restRoute's pt-BR explanation for an unknown route.
 */
export function devRestTarget(env: Record<string, string | undefined>): string | null {
  if (restRoute(env) !== 'site') return null;
  return normalizeUrl(env.PUBLIC_SUPABASE_URL || DEFAULT_SUPABASE_URL);
}

/** The dev server's `/rest/v1/*` proxy, reading the environment Vite resolved (shell and .env files). */
export function devRestProxy(): Plugin {
  let api: string | null = null;
  return {
    name: 'portal-ia:dev-rest-proxy',
    configResolved: (vite) => {
      api = devRestTarget(vite.env);
    },
    configureServer: (server) => {
      server.middlewares.use((req, res, next) => {
        if (!api || !req.url?.startsWith('/rest/v1/')) return next();
        proxyRequest(req, res, new URL(`${api}${req.url}`));
      });
    },
  };
}
