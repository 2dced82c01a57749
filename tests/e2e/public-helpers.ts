// Helpers of the public and auth e2e specs: the landing JS budget measured on the built site, inbox links, accounts.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { anonClient, inbox, type InboxMail } from './fixtures';

/**
 * JavaScript a built page loads before any interaction: its module scripts, inline scripts, modulepreloads and
 * eagerly hydrated islands, plus every module they import statically (not `import()`).
 */
export interface JsBudgetReport {
  files: { file: string; gzip: number }[];
  inlineGzip: number;
  totalGzip: number;
}

const EAGER_ISLAND = /<astro-island\b[^>]*>/g;
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+\s*from\s*)?["']([^"']+\.js)["']/g;

function attr(tag: string, name: string): string | null {
  const m = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return m ? m[1]!.replace(/&amp;/g, '&') : null;
}

/** Gzip size of what `pagePath` (e.g. 'index.html') loads up front, inside the built site `distDir`. */
export function initialJs(distDir: string, pagePath = 'index.html'): JsBudgetReport {
  const html = readFileSync(join(distDir, pagePath), 'utf8');
  const entry = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = attr(m[0], 'src');
    if (src) entry.add(src);
  }
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = attr(m[0], 'href');
    if (href) entry.add(href);
  }
  for (const m of html.matchAll(EAGER_ISLAND)) {
    // client:visible and client:media wait for the user; everything else hydrates at load or when idle.
    const client = attr(m[0], 'client');
    if (client === 'visible' || client === 'media') continue;
    for (const a of ['component-url', 'renderer-url']) {
      const u = attr(m[0], a);
      if (u) entry.add(u);
    }
  }
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('\n');
  const inlineGzip = inline.trim() ? gzipSync(inline).length : 0;

  const seen = new Set<string>();
  const queue = [...entry].filter((u) => u.startsWith('/'));
  const files: { file: string; gzip: number }[] = [];
  while (queue.length) {
    const url = queue.shift()!;
    if (seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(join(distDir, url), 'utf8');
    files.push({ file: url, gzip: gzipSync(code).length });
    for (const m of code.matchAll(STATIC_IMPORT)) {
      const dep = new URL(m[1]!, `http://x${url}`).pathname;
      if (!seen.has(dep)) queue.push(dep);
    }
  }
  const totalGzip = inlineGzip + files.reduce((s, f) => s + f.gzip, 0);
  return { files, inlineGzip, totalGzip };
}

// ---------------------------------------------------------------------------------------------
// Inbox and accounts for the auth flows.

let seq = 0;
/** A unique address for a new account of this run. */
export function uniqueEmail(prefix: string): string {
  seq += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${seq}@exemplo.com.br`;
}

/** The mails sent to `to`, newest first. */
export async function mailsTo(to: string): Promise<InboxMail[]> {
  return (await inbox()).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** Waits until `to` has at least `count` mails and returns the newest link matching `pattern`. */
export async function waitForLink(to: string, pattern: RegExp, count = 1): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(to);
        if (mails.length < count) return false;
        link = mails[0]!.links.find((l) => pattern.test(l));
        return Boolean(link);
      },
      { message: `e-mail para ${to} com link ${pattern}`, timeout: 10_000 },
    )
    .toBe(true);
  return link!;
}

export const CONFIRM_LINK = /\/confirm-email\?token_hash=[^&]+&type=signup/;
export const RECOVERY_LINK = /\/verify\?token=[^&]+&type=recovery/;

/** Signs up through the API (no confirmation yet): an account that cannot log in until confirmed. */
export async function createUnconfirmedUser(password = 'senha-e2e-123'): Promise<{ email: string; password: string }> {
  const email = uniqueEmail('pendente');
  const { error } = await anonClient().auth.signUp({ email, password, options: { data: { full_name: 'Conta Pendente', role: 'user' } } });
  if (error) throw new Error(`signUp falhou: ${error.message}`);
  return { email, password };
}

/** The toast on screen with this title (role status, or alert for destructive ones). */
export function toastWith(page: Page, title: string) {
  return page.getByLabel('Notificações').locator('[role="status"], [role="alert"]').filter({ hasText: title });
}
