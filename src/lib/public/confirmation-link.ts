// Whether a sign-up link was already used to confirm its account. The auth server answers a second opening of the link
// (often a mail scanner opened it first) only with 'link invalid or expired'; the database notes which links (token
// hash and the account's random key, both in the link) confirmed an account and answers the anonymous RPC
// confirmation_link_state with true or false, nothing else. A link without a key is never asked about.
// Plain fetch, as gotrue-lite, so /confirm-email stays without supabase-js.
import { SUPABASE_KEY, SUPABASE_URL } from '../data/session-key';

const API_KEY: string = SUPABASE_KEY || 'missing-publishable-key';

/** True when the link with `tokenHash` and `key` confirmed its account; false when unknown or when the question fails. */
export async function confirmationLinkUsed(tokenHash: string, key: string): Promise<boolean> {
  if (!key) return false;
  try {
    const base = new URL(SUPABASE_URL.endsWith('/') ? SUPABASE_URL : `${SUPABASE_URL}/`);
    const res = await fetch(new URL('rest/v1/rpc/confirmation_link_state', base).href, {
      method: 'POST',
      headers: { apikey: API_KEY, Authorization: `Bearer ${API_KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ token_hash: tokenHash, link_key: key }),
    });
    return res.ok && (await res.json()) === true;
  } catch {
    return false;
  }
}
