// /_dev: the local inbox (every mail's links, as a page and as JSON), the mail drop of the project's Edge Functions and
// the public config; and who may ask for them.
import type http from 'node:http';
import { json, type ApiRequest, type ApiResponse } from './http.ts';
import { inboxPage, listMails, storeMail } from './inbox/index.ts';
import type { ServerContext } from './server.ts';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * /_dev (the inbox with every mail's links, the config) answers only this server's own pages and programs that are
 * not browsers: never with CORS headers, and 403 to a request a browser marks as coming from another origin (an
 * `Origin` other than this server's, `Sec-Fetch-Site` other than same-origin or none) or addressed to a host name that
 * is not this machine's (a DNS-rebinding page). Without this, any web page a developer opens could ask the auth API
 * for a password reset and read the link from the inbox.
 */
export function devRequestAllowed(headers: http.IncomingHttpHeaders, ownUrl: string): boolean {
  const own = new URL(ownUrl);
  const host = String(headers.host ?? '');
  const hostName = host.replace(/:\d+$/, '').toLowerCase();
  if (!LOOPBACK_HOSTS.has(hostName) && hostName !== own.hostname.toLowerCase()) return false;
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = headers.origin;
  if (origin !== undefined && origin !== `http://${host}` && origin !== own.origin) return false;
  return true;
}

/**
 * POST /_dev/inbox: the mail drop of the project's Edge Functions (their stand-in for SMTP). Only the service role
 * (the secret key or the service_role JWT as Bearer) may drop a mail: `{to, subject, html, text}` → 201 `{id}`.
 */
async function dropMail(req: ApiRequest, ctx: ServerContext): Promise<ApiResponse> {
  const token = /^bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  const keys = ctx.auth.keys;
  if (!token || (token !== keys.secretKey && token !== keys.serviceRoleKey)) {
    return json(401, { code: 'unauthorized', message: 'The service role key is required to drop a mail', details: null, hint: null });
  }
  let mail: Record<string, unknown>;
  try {
    mail = JSON.parse(req.body || 'null') as Record<string, unknown>;
  } catch {
    return json(400, { code: 'bad_json', message: 'The body is not valid JSON', details: null, hint: null });
  }
  const text = (k: string) => (mail && typeof mail[k] === 'string' ? (mail[k] as string) : '');
  if (!/^[^\s@]+@[^\s@]+$/.test(text('to')) || !text('subject') || (!text('html') && !text('text'))) {
    return json(400, { code: 'bad_mail', message: 'A mail needs to (an address), subject and html or text', details: null, hint: null });
  }
  const links: string[] = [];
  for (const m of text('html').matchAll(/href\s*=\s*"([^"]*)"/gi)) {
    const href = m[1]!.replace(/&amp;/g, '&');
    if (/^https?:\/\//i.test(href) && !links.includes(href)) links.push(href);
  }
  const id = await storeMail(ctx.pg, { to: text('to'), kind: 'function', subject: text('subject'), text: text('text'), html: text('html'), links });
  ctx.log(`mail: from a function to ${text('to')} (see /_dev/inbox)`);
  return json(201, { id });
}

/** The answer of a /_dev route, or null when `full` is not one. */
export async function handleDev(req: ApiRequest, full: string, ctx: ServerContext): Promise<ApiResponse | null> {
  if (req.method === 'POST' && full === '/_dev/inbox') return dropMail(req, ctx);
  if (req.method !== 'GET' && req.method !== 'HEAD') return null;
  if (full === '/_dev/inbox') {
    const mails = await listMails(ctx.pg, req.query.get('to'));
    return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: inboxPage(mails) };
  }
  if (full === '/_dev/inbox.json') return json(200, await listMails(ctx.pg, req.query.get('to')), { 'cache-control': 'no-store' });
  if (full === '/_dev/config.json') return json(200, ctx.publicConfig());
  return null;
}
