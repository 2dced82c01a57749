// Helpers shared by the CRM and tasks e2e specs: fresh users, sign-in through the login form,
// seeding with the service client and the hostile-text checks.
import type { Page } from '@playwright/test';
import { createConfirmedUser, expect, loginAs, serviceClient } from './fixtures';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
}

let counter = 0;

/** A confirmed user of its own for one test (unique e-mail, known password). */
export async function freshUser(label: string): Promise<TestUser> {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${label}-${stamp}@teste.com.br`;
  const password = 'senha-forte-123';
  const name = `Usuário ${label} ${stamp}`;
  const created = (await createConfirmedUser({ email, password, name })) as unknown as Record<string, any>;
  const id: string = created.id ?? created.user?.id;
  if (!id) throw new Error('createConfirmedUser não devolveu o id');
  return { id, email, password, name };
}

/** Signs in (session stored the way supabase-js stores it) and opens `to`. */
export async function signIn(page: Page, user: { email: string; password: string }, to: string): Promise<void> {
  await loginAs(page, user, to);
  // The first page after a fresh build can take a while on a busy machine: wait for the screen's heading.
  if (to !== '/__e2e-login__') await page.locator('main h1').first().waitFor({ timeout: 30_000 });
}

export type ClientSeed = {
  full_name: string;
  email: string;
  phone?: string | null;
  company_name?: string | null;
  status?: string;
};

/** Inserts CRM clients owned by `ownerId` (service role), one at a time so created_at orders them. */
export async function seedClients(ownerId: string, rows: ClientSeed[]): Promise<{ id: string; full_name: string }[]> {
  const sb = serviceClient();
  const { data, error } = await sb
    .from('clients')
    .insert(rows.map((r) => ({ status: 'lead', phone: null, company_name: null, ...r, owner_user_id: ownerId })) as never)
    .select('id, full_name');
  if (error) throw new Error(`seedClients: ${error.message}`);
  return data as { id: string; full_name: string }[];
}

export type TaskSeed = {
  title: string;
  created_by: string;
  assigned_to?: string | null;
  status?: string;
  priority?: string;
  due_date?: string | null;
  description?: string | null;
};

export async function seedTasks(rows: TaskSeed[]): Promise<{ id: string; title: string; updated_at: string }[]> {
  const sb = serviceClient();
  // Every row gets every key: a bulk insert sends the union of keys, and a missing one would be null.
  const full = rows.map((r) => ({
    status: 'Pendente',
    priority: 'Média',
    assigned_to: null,
    due_date: null,
    description: null,
    ...r,
  }));
  const { data, error } = await sb.from('tasks').insert(full as never).select('id, title, updated_at');
  if (error) throw new Error(`seedTasks: ${error.message}`);
  return data as { id: string; title: string; updated_at: string }[];
}

/** Fails the test if any alert/confirm/prompt fires that the test did not expect. */
export function failOnUnexpectedDialogs(page: Page): { fired: string[] } {
  const fired: string[] = [];
  page.on('dialog', async (dialog) => {
    fired.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return { fired };
}


export const HOSTILE_HTML = '<img src=x onerror=alert(1)>';
export const HOSTILE_URL = 'javascript:alert(1)';
