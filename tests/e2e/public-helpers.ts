// Helpers of the public and auth e2e specs: inbox links, accounts.
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { anonClient, inbox, type InboxMail } from './fixtures';

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
  return page.getByRole('region', { name: 'Notificações' }).locator('[role="status"], [role="alert"]').filter({ hasText: title });
}
