// GoTrue's error answers: status, a string error code, and a body both auth-js formats understand.
import { json, type ApiResponse } from '../http.ts';

export const API_VERSION = '2024-01-01';

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AuthError';
  }
}

export function authErrorResponse(err: AuthError): ApiResponse {
  return json(
    err.status,
    { code: err.code, error_code: err.code, message: err.message, msg: err.message, ...err.extra },
    { 'x-supabase-api-version': API_VERSION, 'x-sb-error-code': err.code },
  );
}

export const errors = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  badJson: (message = 'Could not parse request body as JSON') => new AuthError(400, 'bad_json', message),
  invalidEmail: () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  weakPassword: (min: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  passwordTooLong: (max: number) =>
    new AuthError(400, 'validation_failed', `Password cannot be longer than ${max} characters`),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired'),
  otpInvalid: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (why: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: (message = 'User not found') => new AuthError(404, 'user_not_found', message),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  sessionExpired: () => new AuthError(400, 'session_expired', 'Invalid Refresh Token: Session Expired'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  signupDisabled: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  phoneDisabled: () => new AuthError(422, 'phone_provider_disabled', 'Phone logins are disabled'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  notAdmin: (message = 'User not allowed') => new AuthError(403, 'not_admin', message),
  overRequestRateLimit: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  overEmailSendRateLimit: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  reauthenticationNeeded: () =>
    new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication'),
  reauthenticationNotValid: () => new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid'),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed'),
};
