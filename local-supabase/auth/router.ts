// GoTrue's /auth/v1 for the local Supabase: routing, API keys, rate limits, and the sign-up / sign-in / e-mail flows.
import { json, type ApiRequest, type ApiResponse } from '../http.ts';
import { handleAdmin } from './admin.ts';
import { normalizeEmail, objectParam, parseBody } from './params.ts';
import type { AuthContext } from './context.ts';
import { API_VERSION, AuthError, authErrorResponse, errors } from './errors.ts';
import { allowedRedirect, sendConfirmation, sendRecovery, sendEmailChange, tokenHash, type TokenType } from './mailer.ts';
import { checkPassword, hashPassword, verifyPassword } from './passwords.ts';
import { createSession, refreshSession, tokenResponse } from './sessions.ts';
import { handleLogout, handleUserGet, handleUserPut } from './user.ts';
import { confirmEmail, fakeSignupUser, findUserByEmail, findUserById, insertUser, isBanned, isConfirmed, userJson } from './users.ts';

export type { AuthContext } from './context.ts';

const OPEN_ROUTES = new Set(['GET /health', 'GET /settings', 'GET /.well-known/jwks.json', 'GET /verify']);

/** Kong in front of GoTrue: every other route needs the project's anon or service_role key. */
function apiKeyProblem(req: ApiRequest, ctx: AuthContext): ApiResponse | null {
  if (OPEN_ROUTES.has(`${req.method} ${req.path}`)) return null;
  const key = req.headers['apikey'] ?? req.query.get('apikey');
  if (!key) {
    return json(401, { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
  }
  if (key !== ctx.anonKey && key !== ctx.serviceRoleKey) {
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
      return json(200, settings());
    case '/.well-known/jwks.json':
      only('GET');
      return json(200, { keys: [] });
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
    case '/logout':
      only('POST');
      return handleLogout(req, ctx);
  }
  if (path === '/admin' || path.startsWith('/admin/')) return handleAdmin(req, ctx);
  throw errors.notFound();
}

function settings() {
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      email: true,
      facebook: false,
      figma: false,
      github: false,
      gitlab: false,
      google: false,
      keycloak: false,
      kakao: false,
      linkedin_oidc: false,
      notion: false,
      phone: false,
      slack_oidc: false,
      spotify: false,
      twitch: false,
      twitter: false,
      workos: false,
      zoom: false,
    },
    disable_signup: false,
    mailer_autoconfirm: false,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

function phoneDisabled(): AuthError {
  return new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled');
}

// --- POST /signup ---------------------------------------------------------------------------------------------

async function signup(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const body = parseBody(req);
  if (!body.email && body.phone) throw phoneDisabled();
  const email = normalizeEmail(body.email, 'To signup, please provide your email');
  if (body.password === undefined || body.password === null || body.password === '') {
    throw errors.validation('Signup requires a valid password');
  }
  const password = checkPassword(body.password);
  const data = objectParam(body.data, 'data') ?? {};
  // Hashed whatever the outcome, so an existing address answers in the same time as a new one.
  const hash = await hashPassword(password);
  ctx.limiter.mail('confirmation', email);

  const result = await ctx.pg.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing && isConfirmed(existing)) return fakeSignupUser(email, data);
    let id: string;
    if (existing) {
      // GoTrue does not touch an unconfirmed account on a repeated signup: it only sends a new confirmation.
      id = existing.id;
      await sendConfirmation(ctx, tx, { id, email, data: existing.raw_user_meta_data ?? {} });
    } else {
      id = await insertUser(tx, { email, encryptedPassword: hash, userMetadata: data, appMetadata: {}, confirmed: false });
      await sendConfirmation(ctx, tx, { id, email, data });
    }
    const user = await findUserById(tx, id);
    return userJson(user!);
  });
  return json(200, result);
}

// --- POST /token ----------------------------------------------------------------------------------------------

async function token(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const grant = req.query.get('grant_type');
  const body = parseBody(req);
  if (grant === 'password') return json(200, await passwordGrant(body, ctx));
  if (grant === 'refresh_token') {
    const rt = body.refresh_token;
    if (typeof rt !== 'string' || rt === '') throw errors.refreshTokenNotFound();
    return json(200, await refreshSession(ctx, rt));
  }
  throw errors.validation(`unsupported_grant_type: ${grant ?? '(missing)'} (the local backend supports password and refresh_token)`);
}

async function passwordGrant(body: Record<string, unknown>, ctx: AuthContext): Promise<Record<string, unknown>> {
  if (!body.email && body.phone) throw phoneDisabled();
  if (typeof body.email !== 'string' || body.email.trim() === '') throw errors.validation('missing email or phone');
  const email = body.email.trim().toLowerCase();
  const password = typeof body.password === 'string' ? body.password : '';
  const user = await findUserByEmail(ctx.pg, email);
  const ok = await verifyPassword(password, user?.encrypted_password);
  if (!user || !ok) throw errors.invalidCredentials();
  if (isBanned(user)) throw errors.userBanned();
  if (!isConfirmed(user)) throw errors.emailNotConfirmed();
  return ctx.pg.transaction(async (tx) => {
    const s = await createSession(tx, user.id, 'password');
    return tokenResponse(ctx, tx, user.id, s.sessionId, s.refreshToken);
  });
}

// --- /verify --------------------------------------------------------------------------------------------------

const VERIFY_TYPES: Record<string, TokenType[]> = {
  signup: ['confirmation_token'],
  invite: ['confirmation_token'],
  recovery: ['recovery_token'],
  magiclink: ['recovery_token', 'confirmation_token'],
  email: ['confirmation_token', 'recovery_token'],
  email_change: ['email_change_token_new'],
};

async function verifyToken(ctx: AuthContext, type: string, hash: string): Promise<Record<string, unknown>> {
  const types = VERIFY_TYPES[type];
  if (!types) throw errors.validation('Unsupported verification type');
  const outcome = await ctx.pg.transaction(async (tx) => {
    const r = await tx.query<{ id: string; user_id: string; token_type: TokenType; relates_to: string; created_at: Date }>(
      `select id, user_id, token_type, relates_to, created_at from auth.one_time_tokens
        where token_hash = $1 and token_type = any($2::text[]) limit 1`,
      [hash, types],
    );
    const t = r.rows[0];
    if (!t || Date.now() - new Date(t.created_at).getTime() > ctx.otpExpirySeconds * 1000) throw errors.otpExpired();
    const user = await findUserById(tx, t.user_id);
    if (!user) throw errors.otpExpired();
    if (isBanned(user)) throw errors.userBanned();
    if (t.token_type === 'email_change_token_new') {
      const taken = await findUserByEmail(tx, t.relates_to);
      if (taken && taken.id !== user.id) throw errors.emailExists();
      await tx.query(
        `update auth.users set email = $2::text, email_change = '', email_change_sent_at = null, updated_at = now(),
                raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', $2::text)
          where id = $1`,
        [user.id, t.relates_to],
      );
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
          where user_id = $1 and provider = 'email'`,
        [user.id, t.relates_to],
      );
    } else {
      // Following a confirmation or a recovery link proves the address.
      await confirmEmail(tx, user.id);
    }
    await tx.query(`delete from auth.one_time_tokens where id = $1`, [t.id]);
    const s = await createSession(tx, user.id, 'otp');
    return tokenResponse(ctx, tx, user.id, s.sessionId, s.refreshToken);
  });
  return outcome;
}

async function verifyPost(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const body = parseBody(req);
  const type = body.type;
  if (typeof type !== 'string' || type === '') throw errors.validation('Verify requires a verification type');
  if (!VERIFY_TYPES[type]) throw errors.validation('Unsupported verification type');
  let hash: string;
  if (typeof body.token_hash === 'string' && body.token_hash !== '') hash = body.token_hash;
  else if (typeof body.token === 'string' && body.token !== '' && typeof body.email === 'string') {
    hash = tokenHash(body.email.trim(), body.token.trim());
  } else throw errors.validation('Verify requires either a token or a token hash');
  return json(200, await verifyToken(ctx, type, hash));
}

/** The e-mail link: 303 to redirect_to with the session (implicit flow) or the error in the URL fragment. */
async function verifyGet(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const target = allowedRedirect(ctx, req.query.get('redirect_to')) ?? ctx.siteUrl;
  const base = target.split('#')[0];
  const type = req.query.get('type') ?? '';
  const tokenParam = req.query.get('token') ?? '';
  let fragment: string;
  try {
    if (!tokenParam) throw errors.validation('Verify requires a token or a token hash');
    if (!type) throw errors.validation('Verify requires a verification type');
    const t = await verifyToken(ctx, type, tokenParam);
    fragment = new URLSearchParams({
      access_token: String(t.access_token),
      expires_at: String(t.expires_at),
      expires_in: String(t.expires_in),
      refresh_token: String(t.refresh_token),
      token_type: 'bearer',
      type,
    }).toString();
  } catch (err) {
    if (!(err instanceof AuthError)) throw err;
    fragment = new URLSearchParams({
      error: err.status === 403 ? 'access_denied' : 'invalid_request',
      error_code: err.code,
      error_description: err.message,
    }).toString();
  }
  return { status: 303, headers: { location: `${base}#${fragment}`, 'content-length': '0' }, body: '' };
}

// --- POST /resend, POST /recover ------------------------------------------------------------------------------

async function resend(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const body = parseBody(req);
  const type = body.type;
  if (type === 'sms' || type === 'phone_change') throw phoneDisabled();
  if (type !== 'signup' && type !== 'email_change') {
    throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change');
  }
  const email = normalizeEmail(body.email, 'An email address is required');
  ctx.limiter.mail(type === 'signup' ? 'confirmation' : 'email_change', email);
  await ctx.pg.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    const who = { id: user.id, email, data: user.raw_user_meta_data ?? {} };
    if (type === 'signup' && !isConfirmed(user)) await sendConfirmation(ctx, tx, who);
    if (type === 'email_change' && user.email_change) {
      await sendEmailChange(ctx, tx, who, user.email_change, allowedRedirect(ctx, req.query.get('redirect_to')));
    }
  });
  return json(200, {});
}

async function recover(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  const body = parseBody(req);
  const email = normalizeEmail(body.email, 'Password recovery requires an email');
  const redirectTo = allowedRedirect(ctx, req.query.get('redirect_to'));
  ctx.limiter.mail('recovery', email);
  await ctx.pg.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (user) await sendRecovery(ctx, tx, { id: user.id, email, data: user.raw_user_meta_data ?? {} }, redirectTo);
  });
  return json(200, {});
}
