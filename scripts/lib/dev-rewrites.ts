// public/_redirects for Astro's dev server (Vite middleware), so /projects/<id> and friends work in `npm run dev`.
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fillDestination, matchPattern, parseRedirects } from './host-rules.ts';

/** Vite middleware applying public/_redirects (read on each request, so edits apply at once). */
export function redirectsMiddleware(file = 'public/_redirects') {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let rules;
    try {
      rules = parseRedirects(readFileSync(file, 'utf8'));
    } catch {
      return next();
    }
    for (const rule of rules) {
      const params = matchPattern(rule.from, url.pathname);
      // An empty splat is the section's own index page (/projects/): that page exists, as on the host.
      if (!params || params.splat === '') continue;
      const target = fillDestination(rule.to, params);
      if (rule.status >= 300 && rule.status < 400) {
        res.writeHead(rule.status, { Location: target + url.search });
        res.end();
        return;
      }
      req.url = target + url.search;
      break;
    }
    next();
  };
}

