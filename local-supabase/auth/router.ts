// GoTrue's /auth/v1 for the local Supabase: API keys, rate limits, and which flow answers each route (one file each).
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { handleAdmin } from './admin.ts';
import { authorize, disabled, factors, identities, otp } from './disabled.ts';
import type { AuthContext } from './context.ts';
import { handleUserGet, handleUserPut } from './current-user.ts';
import { API_VERSION, AuthError, authErrorResponse, errors } from './errors.ts';
import { handleLogout } from './logout.ts';
import { handleReauthenticate } from './reauthenticate.ts';
import { recover, resend } from './recover-resend.ts';
import { settings } from './settings.ts';
import { signup } from './signup.ts';
import { token } from './token.ts';
import { verifyGet, verifyPost } from './verify.ts';

export type { AuthContext } from './context.ts';

const OPEN_ROUTES = new Set(['GET /health', 'GET /settings', 'GET /.well-known/jwks.json', 'GET /verify', 'GET /authorize']);

/** The gateway in front of GoTrue: every other route needs one of the project's API keys (opaque or legacy JWT). */
function apiKeyProblem(req: ApiRequest, ctx: AuthContext): ApiResponse | null {
  if (OPEN_ROUTES.has(`${req.method} ${req.path}`)) return null;
  const key = req.headers['apikey'] ?? req.query.get('apikey');
  if (!key) {
    return json(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
  }
  if (ctx.keys.apiKeyRole(key) === null) {
    return json(401, { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
  }
  return null;
}

export async function handleAuth(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  let res: ApiResponse;
  try {
    res = apiKeyProblem(req, ctx) ?? (await route(req, ctx));
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    res = authErrorResponse(err);
  }
  res.headers['x-supabase-api-version'] = API_VERSION;
  return res;
}

async function route(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const { method, path } = req;
  const only = (m: string) => {
    if (method !== m) throw errors.methodNotAllowed();
  };
  switch (path) {
    case '/health':
      only('GET');
      return json(200, { version: 'local-supabase', name: 'GoTrue', description: 'GoTrue-compatible auth of the local Supabase (development and tests only)' });
    case '/settings':
      only('GET');
      return json(200, settings(ctx));
    case '/.well-known/jwks.json':
      only('GET');
      return json(200, ctx.keys.jwks(), { 'cache-control': 'public, max-age=600' });
    case '/signup':
      only('POST');
      ctx.limiter.hit('email', req.remoteAddress);
      return signup(req, ctx);
    case '/token':
      only('POST');
      ctx.limiter.hit('token', req.remoteAddress);
      return token(req, ctx);
    case '/verify':
      if (method !== 'GET' && method !== 'POST') throw errors.methodNotAllowed();
      ctx.limiter.hit('verify', req.remoteAddress);
      return method === 'GET' ? verifyGet(req, ctx) : verifyPost(req, ctx);
    case '/resend':
      only('POST');
      ctx.limiter.hit('email', req.remoteAddress);
      return resend(req, ctx);
    case '/recover':
      only('POST');
      ctx.limiter.hit('email', req.remoteAddress);
      return recover(req, ctx);
    case '/user':
      if (method === 'GET') return handleUserGet(req, ctx);
      if (method === 'PUT') return handleUserPut(req, ctx);
      throw errors.methodNotAllowed();
    case '/reauthenticate':
      only('GET');
      return handleReauthenticate(req, ctx);
    case '/logout':
      only('POST');
      return handleLogout(req, ctx);
    case '/otp':
    case '/magiclink':
      only('POST');
      ctx.limiter.hit('email', req.remoteAddress);
      return otp(req);
    case '/authorize':
      only('GET');
      return authorize(req);
  }
  const under = (prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
  if (under('/admin')) return handleAdmin(req, ctx);
  if (under('/factors')) return factors(req, ctx);
  if (under('/user/identities')) return identities(req, ctx);
  if (under('/sso')) throw disabled.saml();
  throw errors.notFound();
}
