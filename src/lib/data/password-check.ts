// Checking the signed-in user's current password before it is changed. The auth server has no "check this password"
// call, so the check is a sign-in with e-mail and password made apart from the page's session (never stored, never
// announced to the screens), whose session is ended at once: the page's own session stays as it was.
import { SUPABASE_KEY, SUPABASE_URL } from './session-key';
import { DataError } from './data-errors';
import { errorText } from '../domain/error-texts';

const authUrl = () => `${SUPABASE_URL.replace(/\/+$/, '')}/auth/v1`;

// The publishable key goes only in `apikey`: it is not a JWT, so it is never sent as a bearer token.
const headers = (bearer?: string): Record<string, string> => ({
  apikey: SUPABASE_KEY,
  ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}),
  'Content-Type': 'application/json;charset=UTF-8',
});

/**
 * True when `password` is the current password of the account `email`, false when the server says the credentials are
 * wrong; any other answer (rate limit, server down, offline) is a DataError with a pt-BR message.
 */
export async function verifyPassword(email: string, password: string): Promise<boolean> {
  let res: Response;
  try {
    res = await fetch(`${authUrl()}/token?grant_type=password`, {
      method: 'POST',
      headers: headers(),
      body: JSON.stringify({ email, password }),
    });
  } catch (e) {
    const { message, name } = (e ?? {}) as { message?: string; name?: string };
    throw new DataError(errorText({ message, name }), 'network', 0);
  }
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (res.ok) {
    // The check's own session ends here, so it never lingers as another signed-in device.
    if (typeof body.access_token === 'string') {
      await fetch(`${authUrl()}/logout?scope=local`, { method: 'POST', headers: headers(body.access_token) }).catch(() => undefined);
    }
    return true;
  }
  const code = typeof body.code === 'string' ? body.code : typeof body.error_code === 'string' ? body.error_code : '';
  if (code === 'invalid_credentials' || body.error === 'invalid_grant') return false;
  const message = [body.msg, body.message, body.error_description].find((m): m is string => typeof m === 'string') ?? '';
  throw new DataError(errorText({ code, message, status: res.status }), code, res.status, '', message);
}
