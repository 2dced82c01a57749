// auth.users / auth.identities access and GoTrue's User JSON.
import { randomUUID } from 'node:crypto';
import type { Transaction } from '@electric-sql/pglite';

/** Anything that can run a query: the PGlite itself or one of its transactions. */
export type Q = Pick<Transaction, 'query'>;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  confirmation_sent_at: Date | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_sent_at: Date | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  banned_until: Date | null;
  is_anonymous: boolean;
  identities_json: IdentityRow[];
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  email: string | null;
}

const USER_SELECT = `
  select u.*,
         coalesce((select jsonb_agg(to_jsonb(i) order by i.created_at) from auth.identities i where i.user_id = u.id),
                  '[]'::jsonb) as identities_json
    from auth.users u`;

export async function findUserById(q: Q, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const r = await q.query<UserRow>(`${USER_SELECT} where u.id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function findUserByEmail(q: Q, email: string): Promise<UserRow | null> {
  const r = await q.query<UserRow>(`${USER_SELECT} where lower(u.email) = lower($1) and u.is_sso_user = false`, [email]);
  return r.rows[0] ?? null;
}

export function isUuid(s: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);
}

export function iso(v: Date | string | null | undefined): string | undefined {
  if (v === null || v === undefined) return undefined;
  const d = v instanceof Date ? v : new Date(v);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

export function isConfirmed(u: UserRow): boolean {
  return u.email_confirmed_at !== null || u.phone_confirmed_at !== null;
}

export function isBanned(u: UserRow): boolean {
  return u.banned_until !== null && new Date(u.banned_until).getTime() > Date.now();
}

export function appMetadata(u: UserRow): Record<string, unknown> {
  return { provider: 'email', providers: ['email'], ...(u.raw_app_meta_data ?? {}) };
}

/** GoTrue's User object; unset optional fields are omitted, `phone` is "" rather than null. */
export function userJson(u: UserRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: u.id,
    aud: u.aud || 'authenticated',
    role: u.role || 'authenticated',
    email: u.email ?? '',
  };
  const opt = (k: string, v: string | undefined) => {
    if (v !== undefined && v !== '') out[k] = v;
  };
  opt('email_confirmed_at', iso(u.email_confirmed_at));
  out.phone = u.phone ?? '';
  opt('phone_confirmed_at', iso(u.phone_confirmed_at));
  opt('confirmation_sent_at', iso(u.confirmation_sent_at));
  opt('confirmed_at', iso(u.confirmed_at));
  opt('recovery_sent_at', iso(u.recovery_sent_at));
  opt('new_email', u.email_change ?? undefined);
  opt('email_change_sent_at', iso(u.email_change_sent_at));
  opt('last_sign_in_at', iso(u.last_sign_in_at));
  out.app_metadata = appMetadata(u);
  out.user_metadata = u.raw_user_meta_data ?? {};
  out.identities = (u.identities_json ?? []).map((i) => {
    const identity: Record<string, unknown> = {
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
    };
    const last = iso(i.last_sign_in_at);
    if (last) identity.last_sign_in_at = last;
    identity.created_at = iso(i.created_at);
    identity.updated_at = iso(i.updated_at);
    identity.email = i.email ?? undefined;
    return identity;
  });
  out.created_at = iso(u.created_at);
  out.updated_at = iso(u.updated_at);
  opt('banned_until', isBanned(u) ? iso(u.banned_until) : undefined);
  out.is_anonymous = u.is_anonymous ?? false;
  return out;
}

/** The user JSON GoTrue answers to a signup with an already confirmed address: a fresh id, no identities. */
export function fakeSignupUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  const id = randomUUID();
  return {
    id,
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export async function insertUser(
  tx: Q,
  p: {
    email: string;
    encryptedPassword: string | null;
    userMetadata: Record<string, unknown>;
    appMetadata: Record<string, unknown>;
    confirmed: boolean;
    /**
     * The admin API's creation: `user_metadata` is stored exactly as given and the identity holds only the provider's
     * claims. A sign-up instead starts `user_metadata` from the identity's claims merged with the sign-up data.
     */
    metadataAsGiven?: boolean;
  },
): Promise<string> {
  const id = randomUUID();
  const claims = { email: p.email, email_verified: p.confirmed, phone_verified: false, sub: id };
  const identityData = p.metadataAsGiven ? claims : { ...p.userMetadata, ...claims };
  const userMetadata = p.metadataAsGiven ? p.userMetadata : identityData;
  const appMeta = { ...p.appMetadata, provider: 'email', providers: ['email'] };
  await tx.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
             case when $4::boolean then now() end, $5::jsonb, $6::jsonb, now(), now())`,
    [id, p.email, p.encryptedPassword, p.confirmed, JSON.stringify(appMeta), JSON.stringify(userMetadata)],
  );
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $2::uuid, $3::jsonb, 'email', now(), now())`,
    [id, id, JSON.stringify(identityData)],
  );
  return id;
}

/**
 * Marks the e-mail confirmed (and `email_verified` in the identity and, unless the admin API confirms it, in the
 * metadata: the admin API leaves `user_metadata` as it was given). As GoTrue does, the pending confirmation link's
 * hash is cleared in the same update.
 */
export async function confirmEmail(tx: Q, userId: string, opts: { metadata?: boolean } = {}): Promise<void> {
  await tx.query(
    `update auth.users
        set email_confirmed_at = coalesce(email_confirmed_at, now()),
            confirmation_token = '',
            raw_user_meta_data = case when $2::boolean
                                      then coalesce(raw_user_meta_data, '{}'::jsonb) || '{"email_verified": true}'::jsonb
                                      else raw_user_meta_data end,
            updated_at = now()
      where id = $1`,
    [userId, opts.metadata ?? true],
  );
  await tx.query(
    `update auth.identities
        set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** Moves the account to `email` (ending any pending e-mail change), in the user, its metadata and its identity. */
export async function setEmail(tx: Q, userId: string, email: string): Promise<void> {
  await tx.query(
    `update auth.users set email = $2::text, email_change = '', updated_at = now(),
            raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', $2::text)
      where id = $1`,
    [userId, email],
  );
  await tx.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
      where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
}

/** Merges `patch` into a JSON object: keys set to null are removed, others replaced. */
export function mergeMetadata(
  base: Record<string, unknown> | null,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(base ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}
