// Shared by the API tests: an in-process local Supabase on a free port and supabase-js clients for it.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { startLocalSupabase, type LocalSupabase, type LocalSupabaseOptions } from '../../local-supabase/index.ts';
import type { StoredMail } from '../../local-supabase/inbox/index.ts';

/** Node 20 has no WebSocket; realtime is unused, so it gets an inert stand-in. */
class NoWebSocket {}

export const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
};

/** A message of the local inbox, as `/_dev/inbox.json` returns it. */
export type Mail = StoredMail;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

export interface TestBackend extends LocalSupabase {
  siteUrl: string;
  /** supabase-js with the publishable key (no stored session, no auto refresh). */
  anonClient(): SupabaseClient;
  /** supabase-js with the secret key: the service role (admin API, RLS bypassed). */
  serviceClient(): SupabaseClient;
  /** The inbox, newest first; only mails to `to` when given. */
  inbox(to?: string): Promise<Mail[]>;
  /** The newest mail to `to` (fails when there is none). */
  lastMail(to: string): Promise<Mail>;
  /** A confirmed user made through the admin API. */
  createConfirmedUser(opts?: Partial<Omit<TestUser, 'id'>> & { appMetadata?: Record<string, unknown> }): Promise<TestUser>;
  /** A publishable-key client signed in with e-mail and password. */
  signedInClient(email: string, password: string): Promise<SupabaseClient>;
}

export function uniqueEmail(prefix = 'teste'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@exemplo.com.br`;
}

/**
 * Starts a local Supabase for a test file: in-memory, free port, project migrations and seed, rate limits off,
 * quiet. Any option can be overridden. Call `stop()` in afterAll.
 */
export async function startTestBackend(options: LocalSupabaseOptions = {}): Promise<TestBackend> {
  const siteUrl = options.siteUrl ?? 'http://localhost:4321';
  const sb = await startLocalSupabase({
    port: 0,
    host: '127.0.0.1',
    dataDir: null,
    rateLimits: false,
    quiet: true,
    siteUrl,
    ...options,
  });
  const anonClient = () => createClient(sb.url, sb.publishableKey, clientOptions);
  const serviceClient = () => createClient(sb.url, sb.secretKey, clientOptions);
  const inbox = async (to?: string): Promise<Mail[]> => {
    const res = await fetch(`${sb.url}/_dev/inbox.json${to ? `?to=${encodeURIComponent(to)}` : ''}`);
    if (!res.ok) throw new Error(`inbox.json answered ${res.status}`);
    return (await res.json()) as Mail[];
  };
  return {
    ...sb,
    siteUrl,
    anonClient,
    serviceClient,
    inbox,
    async lastMail(to) {
      const mails = await inbox(to);
      if (!mails[0]) throw new Error(`no mail to ${to} in the local inbox`);
      return mails[0];
    },
    async createConfirmedUser(opts = {}) {
      const email = opts.email ?? uniqueEmail();
      const password = opts.password ?? 'senha-segura-1';
      const name = opts.name ?? 'Pessoa de Teste';
      const { data, error } = await serviceClient().auth.admin.createUser({
        email,
        password,
        email_confirm: true,
        user_metadata: { full_name: name },
        app_metadata: opts.appMetadata ?? {},
      });
      if (error) throw error;
      return { id: data.user.id, email, password, name };
    },
    async signedInClient(email, password) {
      const client = anonClient();
      const { error } = await client.auth.signInWithPassword({ email, password });
      if (error) throw error;
      return client;
    },
  };
}
