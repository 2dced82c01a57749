// Shared e2e fixtures: the test backend's clients, demo accounts, sign-in helpers. Values come from global-setup.ts.
import { test as base, expect, type Page } from '@playwright/test';
import { createClient, type Session, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../src/lib/database.types';
import type { StoredMail } from '../../local-supabase/inbox/index.ts';

export { expect };

export const DEMO = {
  client: { email: 'cliente@exemplo.com.br', password: 'cliente123', name: 'Cliente Demonstração' },
  admin: { email: 'admin@exemplo.com.br', password: 'admin123', name: 'Super Administrador' },
} as const;

export interface E2EEnv {
  baseURL: string;
  apiUrl: string;
  publishableKey: string;
  secretKey: string;
  inboxUrl: string;
  /** The built site the tests run against (for byte budgets). */
  distDir: string;
}

/** Where the test site and backend run (set by global-setup.ts). */
export function e2eEnv(): E2EEnv {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} não definido: rode os testes e2e com \`npx playwright test\` (global setup).`);
    return value;
  };
  return {
    baseURL: need('E2E_BASE_URL'),
    apiUrl: need('E2E_API_URL'),
    publishableKey: need('E2E_PUBLISHABLE_KEY'),
    secretKey: need('E2E_SECRET_KEY'),
    inboxUrl: need('E2E_INBOX_URL'),
    distDir: need('E2E_DIST_DIR'),
  };
}

/** Node 20 has no WebSocket; realtime is never used by the tests, so it gets an inert stand-in. */
class NoWebSocket {
  constructor() {
    throw new Error('realtime não é usado nos testes');
  }
}

function client(key: string): SupabaseClient<Database> {
  return createClient<Database>(e2eEnv().apiUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoWebSocket as unknown as typeof WebSocket },
  });
}

/** supabase-js with the secret key: the service role (bypasses RLS; admin API for users). */
export function serviceClient(): SupabaseClient<Database> {
  return client(e2eEnv().secretKey);
}

/** supabase-js with the publishable key, as a visitor (sign in with it to act as a user). */
export function anonClient(): SupabaseClient<Database> {
  return client(e2eEnv().publishableKey);
}

/** A message of the local inbox, as `/_dev/inbox.json` returns it. */
export type InboxMail = StoredMail;

/** The local inbox, newest first. */
export async function inbox(): Promise<InboxMail[]> {
  const res = await fetch(`${e2eEnv().apiUrl}/_dev/inbox.json`);
  if (!res.ok) throw new Error(`inbox.json respondeu ${res.status}`);
  return (await res.json()) as InboxMail[];
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

let userCounter = 0;

/** A new confirmed user (service-role admin API), unique unless an e-mail is given. */
export async function createConfirmedUser(opts: { email?: string; password?: string; name?: string } = {}): Promise<TestUser> {
  userCounter += 1;
  const tag = `${Date.now().toString(36)}-${process.pid}-${userCounter}`;
  const email = opts.email ?? `e2e-${tag}@exemplo.com.br`;
  const password = opts.password ?? 'senha-e2e-123';
  const name = opts.name ?? `Usuário E2E ${tag}`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: name },
  });
  if (error || !data.user) throw new Error(`createUser falhou: ${error?.message ?? 'sem usuário'}`);
  return { id: data.user.id, email, password, name };
}

/** supabase-js's localStorage key for the test API (`sb-<first label of the host>-auth-token`). */
export function storageKey(): string {
  return `sb-${new URL(e2eEnv().apiUrl).hostname.split('.')[0]}-auth-token`;
}

type Who = 'client' | 'admin' | { email: string; password: string };

/**
 * Signs in without the login form (so screens' specs don't depend on it): gets a session from the API and stores it
 * where supabase-js looks for it, then opens `to` (default /dashboard). Returns the session.
 */
export async function loginAs(page: Page, who: Who, to = '/dashboard'): Promise<Session> {
  const creds = typeof who === 'string' ? DEMO[who] : who;
  const { data, error } = await anonClient().auth.signInWithPassword({ email: creds.email, password: creds.password });
  if (error || !data.session) throw new Error(`login de ${creds.email} falhou: ${error?.message ?? 'sem sessão'}`);
  // Any document of the site's origin gives access to its localStorage: an empty one, answered by the test itself,
  // spares a page load (styles, scripts) per sign-in.
  const blank = new URL('/__e2e-login__', e2eEnv().baseURL).href;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title>' }));
  await page.goto(blank);
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [storageKey(), JSON.stringify(data.session)] as const);
  await page.unroute(blank);
  await page.goto(to);
  return data.session;
}

/**
 * Opens an authentication page (`/login`, `/register`, …) and waits until its own script has arrived. The page's
 * scripts start after its first paint, which on a busy machine can come after the network went idle: a test that
 * types before then types into a form nothing listens to yet.
 */
export async function gotoAuthPage(page: Page, path: string): Promise<void> {
  const name = path.replace(/^\//, '').replace(/[?#].*$/, '');
  const script = new RegExp(`/_astro/${name}\\.astro[^/]*\\.js$`);
  const arrived = page.waitForResponse((r) => script.test(r.url()));
  await page.goto(path);
  await arrived;
}

/** Keeps the page's module matching `url` in flight until the returned function is called (then serves or fails it). */
export async function holdModule(page: Page, url: RegExp, then: 'serve' | 'fail' = 'serve'): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await (then === 'serve' ? route.continue() : route.abort());
  });
  return release;
}

export const test = base.extend({
  baseURL: async ({}, use) => {
    await use(e2eEnv().baseURL);
  },
});
