// Helpers of the dashboard, projects and support e2e specs: fresh users, sign-in through /login,
// rows seeded with the service client (clients cannot create projects) and screenshot checks.
import type { Page } from '@playwright/test';
import { createConfirmedUser, expect, loginAs, serviceClient } from './fixtures';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

let counter = 0;

/** A unique suffix for titles and e-mails, so specs never depend on each other's rows. */
export function unique(label: string): string {
  counter += 1;
  return `${label}-${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
}

/** A confirmed user of its own (known password). */
export async function freshUser(label: string): Promise<TestUser> {
  const stamp = unique(label);
  const email = `${stamp}@teste.com.br`;
  const password = 'senha-forte-123';
  const name = `Cliente ${stamp}`;
  const created = (await createConfirmedUser({ email, password, name })) as unknown as Record<string, any>;
  const id: string = created.id ?? created.user?.id;
  if (!id) throw new Error('createConfirmedUser não devolveu o id');
  return { id, email, password, name };
}

/** Signs in (session stored the way supabase-js keeps it, no login form) and opens `to`. */
export async function signIn(page: Page, user: { email: string; password: string }, to = '/dashboard'): Promise<void> {
  await loginAs(page, { email: user.email, password: user.password }, to);
}

export interface ProjectSeed {
  title: string;
  description?: string | null;
  status?: string;
  progress?: number | null;
  /** Minutes before now; rows are given distinct created_at so the order is known. */
  minutesAgo?: number;
}

export interface SeededProject {
  id: string;
  title: string;
  description: string | null;
  status: string;
  progress: number | null;
  created_at: string;
  updated_at: string;
}

/** Inserts projects owned by `userId` with the service role. */
export async function seedProjects(userId: string, rows: ProjectSeed[]): Promise<SeededProject[]> {
  const now = Date.now();
  const { data, error } = await serviceClient()
    .from('projects')
    .insert(
      rows.map((r, i) => ({
        user_id: userId,
        title: r.title,
        description: r.description ?? null,
        status: r.status ?? 'pending',
        progress: r.progress === undefined ? null : r.progress,
        created_at: new Date(now - (r.minutesAgo ?? i) * 60_000).toISOString(),
      })) as never,
    )
    .select('id, title, status, progress, created_at, updated_at');
  if (error) throw new Error(`seedProjects: ${error.message}`);
  return data as unknown as SeededProject[];
}

/** The stored row, read with the service role (what the database really holds). */
export async function dbProject(id: string): Promise<SeededProject | null> {
  const { data, error } = await serviceClient().from('projects').select('*').eq('id', id).maybeSingle();
  if (error) throw new Error(`dbProject: ${error.message}`);
  return data as unknown as SeededProject | null;
}

export interface TicketSeed {
  subject: string;
  message_content: string;
  status?: string;
  response_content?: string | null;
  created_at?: string;
  updated_at?: string;
}

/** Inserts support tickets owned by `userId` with the service role. */
export async function seedTickets(userId: string, rows: TicketSeed[]): Promise<{ id: string; subject: string }[]> {
  const { data, error } = await serviceClient()
    .from('support_tickets')
    .insert(rows.map((r) => ({ user_id: userId, status: 'open', ...r })) as never)
    .select('id, subject');
  if (error) throw new Error(`seedTickets: ${error.message}`);
  return data as unknown as { id: string; subject: string }[];
}


/** Fails the test if any JavaScript dialog (alert, confirm) opens: hostile text must stay text. */
export function failOnDialog(page: Page): { dialogs: string[] } {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', async (d) => {
    seen.dialogs.push(`${d.type()}: ${d.message()}`);
    await d.dismiss();
  });
  return seen;
}

/** The page does not scroll sideways (long words wrap). */
export async function expectNoHorizontalOverflow(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** Screenshots at 390 px and 1280 px into test-results/screens (for a person to look at). */
export async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.waitForTimeout(150);
    await expectNoHorizontalOverflow(page);
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
}
