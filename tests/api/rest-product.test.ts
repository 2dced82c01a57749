// The product's own queries (supabase/migrations + seed.sql) through /rest/v1, as the demo client, the admin
// and a second client: the embeds and RPCs the screens use, and what RLS keeps apart.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalSupabase, type LocalSupabase } from '../../local-supabase/index.ts';

let sb: LocalSupabase;
let client: SupabaseClient;
let admin: SupabaseClient;
let other: SupabaseClient;
let clientId: string;

class NoRealtime {
  constructor() { throw new Error('realtime is not used by these tests'); }
}
const make = (key: string) => createClient(sb.url, key, {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: NoRealtime as unknown as typeof WebSocket },
});

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const c = make(sb.publishableKey);
  const { error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return c;
}

beforeAll(async () => {
  sb = await startLocalSupabase({ port: 0, dataDir: null, rateLimits: false, quiet: true });
  client = await signedIn('cliente@exemplo.com.br', 'cliente123');
  admin = await signedIn('admin@exemplo.com.br', 'admin123');
  const service = make(sb.secretKey);
  const created = await service.auth.admin.createUser({
    email: 'outro.rest@exemplo.com.br', password: 'outro123', email_confirm: true, user_metadata: { full_name: 'Outro Cliente' },
  });
  if (created.error) throw created.error;
  other = await signedIn('outro.rest@exemplo.com.br', 'outro123');
  clientId = (await client.auth.getUser()).data.user!.id;
});
afterAll(async () => { await sb?.stop(); });

describe('the screens\' queries on the real schema', () => {
  it('tasks with creator, assignee and project embeds, newest first, only the caller\'s', async () => {
    const { data, error } = await client.from('tasks')
      .select('*, creator:profiles!tasks_created_by_fkey(full_name, email), assignee:profiles!tasks_assigned_to_fkey(full_name, email), project:projects(title)')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    const rows = data as { created_by: string; assigned_to: string | null; creator: { full_name: string } | null; assignee: unknown; project: unknown; created_at: string }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const t of rows) {
      expect(t.created_by === clientId || t.assigned_to === clientId).toBe(true);
      expect(t.creator).not.toBeNull();
      expect(t).toHaveProperty('assignee');
      expect(t).toHaveProperty('project');
    }
    expect(rows.map((t) => t.created_at)).toEqual([...rows.map((t) => t.created_at)].sort().reverse());
    expect(rows.some((t) => t.creator?.full_name === 'Super Administrador')).toBe(true);
  });

  it('task search is one request with creator, assignee and project embedded', async () => {
    const requests: string[] = [];
    const counted = createClient(sb.url, sb.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: NoRealtime as unknown as typeof WebSocket },
      global: { fetch: (url, init) => { requests.push(String(url)); return fetch(url, init); } },
    });
    const signIn = await counted.auth.signInWithPassword({ email: 'cliente@exemplo.com.br', password: 'cliente123' });
    expect(signIn.error).toBeNull();
    requests.length = 0;
    const embeds = 'creator:profiles!tasks_created_by_fkey(full_name,email),assignee:profiles!tasks_assigned_to_fkey(full_name,email),project:projects(title)';
    const found = await counted.rpc('search_tasks', { search_term: 'chatbot', page_offset: 0, page_limit: 51 }).select(`*,${embeds}`);
    expect(requests).toHaveLength(1);
    expect(found.error).toBeNull();
    const list = await client.from('tasks').select(`*,${embeds}`).ilike('title', '%chatbot%')
      .order('created_at', { ascending: false }).order('id', { ascending: false });
    expect(list.data?.length).toBe(2);
    expect(found.data).toEqual(list.data);
    const [newest, older] = found.data as unknown as { creator: unknown; assignee: unknown; project: unknown }[];
    expect(newest).toMatchObject({
      creator: { full_name: 'Super Administrador' }, assignee: { full_name: 'Cliente Demonstração' }, project: null,
    });
    expect(older).toMatchObject({
      creator: { full_name: 'Cliente Demonstração' }, assignee: { full_name: 'Cliente Demonstração' }, project: { title: expect.any(String) },
    });
  });

  it('admin clients list with the account manager embedded by FK name', async () => {
    const { data, error } = await admin.from('clients')
      .select('id, full_name, email, status, source, account_manager_id, manager:profiles!clients_account_manager_id_fkey(full_name)')
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect((data ?? []).length).toBeGreaterThan(0);
    for (const c of data as unknown as { account_manager_id: string | null; manager: { full_name: string } | null }[]) {
      if (c.account_manager_id === null) expect(c.manager).toBeNull();
    }
  });

  it('the assignment view and the dashboard RPCs', async () => {
    const view = await client.from('users_view_for_assignment').select('id, full_name, email').order('full_name');
    expect(view.error).toBeNull();
    expect((view.data ?? []).map((u) => u.full_name)).toEqual(expect.arrayContaining(['Cliente Demonstração', 'Super Administrador']));
    const counts = await client.rpc('project_status_counts');
    expect(counts.error).toBeNull();
    expect((counts.data as { status: string }[]).map((r) => r.status)).toEqual(['pending', 'in-progress', 'completed']);
    const crm = await client.rpc('client_status_counts');
    expect((crm.data as unknown[]).length).toBe(6);
    const anon = await make(sb.publishableKey).rpc('project_status_counts');
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501' });
  });

  it('optimistic concurrency on a project: a stale updated_at updates nothing', async () => {
    const { data: project } = await client.from('projects').select('id, updated_at').limit(1).single();
    const p = project as { id: string; updated_at: string };
    const first = await client.from('projects').update({ description: 'primeira aba' }).eq('id', p.id).eq('updated_at', p.updated_at).select('updated_at');
    expect(first.data).toHaveLength(1);
    const second = await client.from('projects').update({ description: 'segunda aba' }).eq('id', p.id).eq('updated_at', p.updated_at).select('updated_at');
    expect(second).toMatchObject({ error: null, data: [] });
  });
});

describe('RLS between two clients over REST', () => {
  it('another client reads, updates and deletes none of the demo client\'s projects and tasks', async () => {
    const { data: mine } = await client.from('projects').select('id, title');
    const id = (mine as { id: string }[])[0]!.id;
    expect((await other.from('projects').select('id').eq('id', id)).data).toEqual([]);
    expect((await other.from('projects').update({ title: 'invadido' }).eq('id', id).select()).data).toEqual([]);
    expect((await other.from('projects').delete().eq('id', id).select()).data).toEqual([]);
    expect((await other.from('tasks').select('id')).data).toEqual([]);
    const still = await client.from('projects').select('title').eq('id', id).single();
    expect(still.data).toEqual({ title: (mine as { id: string; title: string }[])[0]!.title });
  });

  it('a client cannot take over a task\'s created_by', async () => {
    const { data: task, error } = await client.from('tasks').insert({ title: 'tarefa do teste REST' })
      .select('id, created_by, creator:profiles!tasks_created_by_fkey(full_name,email), assignee:profiles!tasks_assigned_to_fkey(full_name,email), project:projects(title)')
      .single();
    expect(error).toBeNull();
    const t = task as unknown as { id: string; created_by: string; creator: unknown; assignee: unknown; project: unknown };
    expect(t.created_by).toBe(clientId);
    expect(t.creator).toEqual({ full_name: 'Cliente Demonstração', email: 'cliente@exemplo.com.br' });
    expect(t.assignee).toBeNull();
    expect(t.project).toBeNull();
    const otherId = (await other.auth.getUser()).data.user!.id;
    const res = await client.from('tasks').update({ created_by: otherId } as never).eq('id', t.id);
    expect(res.error).not.toBeNull();
    expect([401, 403]).toContain(res.status);
  });
});
