// What Supabase's API gateway does with the opaque API keys before a service sees the request: an unknown
// `sb_publishable_…` / `sb_secret_…` key is refused, a secret key sent by a browser is refused, and when the request
// carries no user token (`Bearer sb_…`, as supabase-js sends without a session, or — for REST and Storage — no
// Authorization at all) the Authorization header becomes `Bearer <short-lived JWT of the key's role>`. A user's access
// token passes untouched; legacy JWT keys pass as they are (the services verify them). A request to Auth without
// Authorization keeps none, so GoTrue still answers routes that need a user with 401 no_authorization.
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import type { ProjectKeys } from './project-keys.ts';

const OPAQUE = /^sb_(publishable|secret)_/;

/** Browsers announce themselves with a `Mozilla/…` User-Agent; servers (Node, Deno, curl) do not. */
function fromBrowser(headers: Record<string, string>): boolean {
  return /^Mozilla\//.test(headers['user-agent'] ?? '');
}

export function invalidApiKey(): ApiResponse {
  return json(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
}

/** Rewrites `req.headers.authorization` as the gateway does; returns the gateway's refusal, or null to go on. */
export async function applyGateway(req: ApiRequest, keys: ProjectKeys, opts: { mapMissing: boolean }): Promise<ApiResponse | null> {
  const apikey = req.headers['apikey'] ?? req.query.get('apikey') ?? undefined;
  const auth = req.headers['authorization'];
  const bearerOpaque = auth !== undefined ? /^\s*bearer\s+(sb_\S+)\s*$/i.exec(auth)?.[1] : undefined;
  for (const key of [apikey, bearerOpaque]) {
    if (key === undefined || !key.startsWith('sb_')) continue;
    if (!OPAQUE.test(key) || keys.apiKeyRole(key) === null) return invalidApiKey();
    if (key === keys.secretKey && fromBrowser(req.headers)) {
      return json(401, {
        message: 'Forbidden use of secret API key in browser',
        hint: 'Secret API keys are for servers only; a browser must use the publishable key.',
      });
    }
  }
  if (auth !== undefined && bearerOpaque === undefined) return null; // a user's token (or a legacy key) as sent
  if (auth === undefined && !opts.mapMissing) return null;
  const mapped = apikey !== undefined && apikey.startsWith('sb_') ? apikey : bearerOpaque;
  const role = mapped ? keys.apiKeyRole(mapped) : null;
  if (role) req.headers['authorization'] = `Bearer ${await keys.roleToken(role)}`;
  return null;
}
