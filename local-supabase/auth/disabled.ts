// The GoTrue features this server does not offer, answered exactly as GoTrue answers them when the project has the
// feature switched off (the hosted defaults for a project with only e-mail and password sign-in): anonymous sign-in,
// phone/SMS, magic links and e-mail OTP, OAuth providers, id_token, PKCE and Web3 (Solana/Ethereum wallet) grants,
// MFA factors, SAML SSO and manual identity linking.
import type { ApiRequest, ApiResponse } from '../http.ts';
import { requireUser } from './caller.ts';
import type { AuthContext } from './context.ts';
import { AuthError, errors } from './errors.ts';
import { parseBody } from './params.ts';

/** The OAuth providers GoTrue knows; each is answered "not enabled", any other name "could not be found". */
const OAUTH_PROVIDERS = new Set([
  'apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'fly', 'github', 'gitlab', 'google', 'kakao',
  'keycloak', 'linkedin', 'linkedin_oidc', 'notion', 'spotify', 'slack', 'slack_oidc', 'twitch', 'twitter',
  'vercel_marketplace', 'workos', 'zoom',
]);

/** The issuers GoTrue verifies an id_token against for the built-in OIDC providers. */
const ID_TOKEN_ISSUERS: Record<string, string> = {
  apple: 'https://appleid.apple.com',
  google: 'https://accounts.google.com',
  facebook: 'https://www.facebook.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  kakao: 'https://kauth.kakao.com',
};

export const disabled = {
  anonymous: () => new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  phoneSignup: () => new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled'),
  phoneOtp: () => new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider'),
  emailOtp: () => new AuthError(400, 'email_provider_disabled', 'Email logins are disabled'),
  saml: () => new AuthError(404, 'saml_provider_disabled', 'SAML 2.0 is disabled'),
  web3: () => new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled'),
  manualLinking: () => new AuthError(404, 'manual_linking_disabled', 'Manual linking is disabled'),
  factorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
};

/** POST /otp and POST /magiclink: the body is checked as GoTrue checks it, then the disabled channel answers. */
export function otp(req: ApiRequest): never {
  const body = parseBody(req);
  const email = typeof body.email === 'string' ? body.email : '';
  const phone = typeof body.phone === 'string' ? body.phone : '';
  if (email !== '' && phone !== '') throw errors.validation('Only an email address or phone number should be provided');
  if (email !== '' && typeof body.channel === 'string' && body.channel !== '') {
    throw errors.validation('Channel should only be specified with Phone OTP');
  }
  if (email !== '') throw disabled.emailOtp();
  if (phone !== '') throw disabled.phoneOtp();
  throw errors.validation('One of email or phone must be set');
}

/** GET /authorize: every provider is off, an unknown name is not found (GoTrue compares names in lower case). */
export function authorize(req: ApiRequest): never {
  const name = (req.query.get('provider') ?? '').toLowerCase();
  const why = OAUTH_PROVIDERS.has(name) ? 'provider is not enabled' : `Provider ${name} could not be found`;
  throw errors.validation(`Unsupported provider: ${why}`);
}

/** POST /token?grant_type=id_token: no OIDC provider is enabled. */
export function idTokenGrant(body: Record<string, unknown>): never {
  const provider = typeof body.provider === 'string' ? body.provider : '';
  if (typeof body.id_token !== 'string' || body.id_token === '') throw oauthInvalidRequest('id_token required');
  if (provider === '' && (typeof body.client_id !== 'string' || typeof body.issuer !== 'string')) {
    throw oauthInvalidRequest('provider or client_id and issuer required');
  }
  const issuer = ID_TOKEN_ISSUERS[provider];
  if (issuer) throw new AuthError(400, 'provider_disabled', `Provider (issuer "${issuer}") is not enabled`);
  throw errors.validation(`Custom OIDC provider "${provider}" not allowed`);
}

/** POST /token?grant_type=pkce: no PKCE flow is ever started here, so no auth code has a flow state. */
export function pkceGrant(body: Record<string, unknown>): never {
  const code = typeof body.auth_code === 'string' ? body.auth_code : '';
  const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
  if (code === '' || verifier === '') {
    throw errors.validation('invalid request: both auth code and code verifier should be non-empty');
  }
  throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
}

function oauthInvalidRequest(description: string): AuthError {
  return new AuthError(400, 'validation_failed', description, { error: 'invalid request', error_description: description });
}

/**
 * /factors: a signed-in user may ask, but every factor type is off; since none can be enrolled, any factor id is
 * not found.
 */
export async function factors(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  await requireUser(req, ctx);
  if (req.path !== '/factors') throw disabled.factorNotFound();
  if (req.method !== 'POST') throw errors.methodNotAllowed();
  const type = parseBody(req).factor_type;
  if (type === 'totp') throw new AuthError(422, 'mfa_totp_enroll_not_enabled', 'MFA enroll is disabled for TOTP');
  if (type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (type === 'webauthn') {
    throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  }
  throw errors.validation('factor_type needs to be totp, phone, or webauthn');
}

/** /user/identities/…: linking another identity to the signed-in user is off. */
export async function identities(req: ApiRequest, ctx: AuthContext): Promise<ApiResponse> {
  await requireUser(req, ctx);
  throw disabled.manualLinking();
}
