// Where GoTrue may send a browser after an e-mail link: the site's own host, or an allow-listed URL.
import type { AuthContext } from './context.ts';

/** Whether `url` may be used as a redirect target: the site's host (as GoTrue compares it) or an allow-listed URL. */
export function allowedRedirect(ctx: AuthContext, url: string | null | undefined): string | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const site = new URL(ctx.siteUrl);
  if (u.hostname === site.hostname) return u.toString();
  for (const allowed of ctx.additionalRedirectUrls) {
    if (allowed.endsWith('*') ? url.startsWith(allowed.slice(0, -1)) : url === allowed) return u.toString();
  }
  return null;
}
