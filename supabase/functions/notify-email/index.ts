// notify-email: sends the notification e-mails (called every minute by the schedule) and purges notifications older
// than 90 days (called daily with {"action":"purge"}). See handler.ts for the rules; this file wires the hosted
// environment: supabase-js with the service role, the mail transport from the secrets, the template file.
import { readFileSync } from 'node:fs';
import { createClient } from '@supabase/supabase-js';
import { createNotifyEmailHandler, type EmailBatch, type NotifyStore } from './handler.ts';
import { transportFromEnv } from './transports.ts';

declare const Deno: {
  env: { get(key: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
};

const env = (key: string) => Deno.env.get(key);
const supabaseUrl = env('SUPABASE_URL') ?? '';
const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY') ?? '';
/** Every key that carries the service role: the legacy JWT and the project's secret keys. */
const serviceKeys = new Set<string>([serviceKey]);
try {
  for (const k of Object.values(JSON.parse(env('SUPABASE_SECRET_KEYS') ?? '{}') as Record<string, string>)) serviceKeys.add(k);
} catch {
  // no secret keys
}
serviceKeys.delete('');

const db = createClient(supabaseUrl, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });

const fail = (what: string, error: { message: string } | null) => {
  if (error) throw new Error(`${what}: ${error.message}`);
};

const store: NotifyStore = {
  async claim(maxUsers) {
    const { data, error } = await db.rpc('claim_notification_emails', { max_users: maxUsers });
    fail('claim_notification_emails', error);
    return (data ?? []) as unknown as EmailBatch[];
  },
  async complete(claimId) {
    fail('complete_notification_email', (await db.rpc('complete_notification_email', { claim: claimId })).error);
  },
  async release(claimId) {
    fail('release_notification_email', (await db.rpc('release_notification_email', { claim: claimId })).error);
  },
  async appName() {
    const { data } = await db.from('app_settings').select('app_name').maybeSingle();
    return (data as { app_name?: string } | null)?.app_name || 'Portal IA';
  },
  async purge() {
    const { data, error } = await db.rpc('purge_notifications');
    fail('purge_notifications', error);
    return Number(data ?? 0);
  },
};

const template = readFileSync(new URL('../../templates/notification-email.html', import.meta.url), 'utf8');

const handler = createNotifyEmailHandler({
  store,
  transport: transportFromEnv(env, serviceKey),
  template,
  siteUrl: env('SITE_URL') ?? 'http://localhost:4321',
  authorized: (req) => {
    const token = /^bearer\s+(\S+)\s*$/i.exec(req.headers.get('authorization') ?? '')?.[1];
    return !!token && serviceKeys.has(token);
  },
  log: (line) => console.log(line),
});

Deno.serve(handler);
