// Forwarding one HTTP request to another origin and streaming the answer back: what the static host's proxy rules
// (`_redirects`, status 200 to another origin) do, for the local static server and for Astro's dev server.
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** Hop-by-hop headers, never forwarded (RFC 9110 §7.6.1), plus the host, which is the target's. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);

/**
 * Forwards the request (method, headers, streamed body) to `target` and streams its answer back unchanged: the
 * answer's own status, headers and encoding, none of the site's `_headers`. An unreachable target is a 502.
 */
export function proxyRequest(req: IncomingMessage, res: ServerResponse, target: URL): void {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = 'http';
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  const upstream = send(target, { method: req.method, headers }, (answer) => {
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
    }
    res.statusCode = answer.statusCode ?? 502;
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.statusCode = 502;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Falha ao contatar a API');
  });
  // The browser gave up (navigated away, aborted the fetch): stop asking the API too.
  res.on('close', () => {
    if (!res.writableFinished) upstream.destroy();
  });
  req.pipe(upstream);
}
