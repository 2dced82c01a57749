// The admin console's data through supabase-js, as the screens call it: a sign-up appears in the agency's list once confirmed,
// the dashboard cards, billing, analytics and the activity feed move when a project is created, priced and advanced or
// a ticket answered, and a client reaches none of it. Against an in-memory local Supabase (seeded).
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend, type TestUser } from './helpers.ts';

let sb: TestBackend;
let admin: SupabaseClient;
let client: SupabaseClient;
let user: TestUser;
let staffId: string;

beforeAll(async () => {
  sb = await startTestBackend();
  user = await sb.createConfirmedUser({ name: 'Carla Console' });
  const staff = await sb.createConfirmedUser({ name: 'Edu Equipe', appMetadata: { role: 'admin' } });
  staffId = staff.id;
  client = await sb.signedInClient(user.email, user.password);
  admin = await sb.signedInClient(staff.email, staff.password);
});
afterAll(async () => {
  await sb?.stop();
});

interface Figures { total_clients: number; active_projects: number; monthly_revenue: number; open_tickets: number }

async function figures(): Promise<Figures> {
  const { data, error } = await admin.rpc('admin_dashboard_figures').single();
  if (error) throw error;
  const row = data as Record<string, unknown>;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as Figures;
}

async function feed(): Promise<{ kind: string; label: string; subject_id: string; actor: { full_name: string | null } | null }[]> {
  const { data, error } = await admin
    .from('activity_log')
    .select('kind, label, subject_id, created_at, actor:profiles!activity_log_actor_id_fkey(full_name)')
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(10);
  if (error) throw error;
  return data as never;
}

describe('clientes da agência', () => {
  it('quem se cadastra no portal aparece na lista da agência, com conta, e no log assim que confirma o e-mail; antes, em nenhuma lista', async () => {
    const email = uniqueEmail('visitante');
    const { data: signed, error } = await sb.anonClient().auth.signUp({ email, password: 'senha-segura-1', options: { data: { full_name: 'Vera Visitante' } } });
    expect(error).toBeNull();
    expect((await admin.rpc('admin_search_clients', { search_term: email })).data).toEqual([]);
    expect((await feed()).map((e) => e.label)).not.toContain('Vera Visitante');
    expect((await admin.rpc('admin_client_accounts', { search_term: email })).data).toEqual([]);
    expect(((await admin.rpc('admin_users', { page_limit: 1000 })).data ?? []).map((u: { email: string }) => u.email)).not.toContain(email);
    expect((await admin.from('profiles').select('id').eq('id', signed.user!.id)).data).toEqual([]);

    const tokenHash = new URL((await sb.lastMail(email)).links[0]).searchParams.get('token_hash')!;
    expect((await sb.anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })).error).toBeNull();
    const { data, error: listError } = await admin.rpc('admin_search_clients', { search_term: email });
    expect(listError).toBeNull();
    expect(data).toEqual([expect.objectContaining({ full_name: 'Vera Visitante', email, status: 'lead', source: 'website', has_account: true })]);
    expect((await feed())[0]).toMatchObject({ kind: 'client_signed_up', label: 'Vera Visitante', subject_id: data[0].id });
    expect((await admin.rpc('admin_client_accounts', { search_term: email })).data).toEqual([{ id: signed.user!.id, full_name: 'Vera Visitante', email }]);
  });

  it('um cadastro não confirmado com o e-mail de um lead da agência não toma o lead; a confirmação do dono do e-mail, sim', async () => {
    const email = uniqueEmail('lead');
    const lead = await admin.from('clients').insert({ full_name: 'Lia Lead', email, status: 'lead', source: 'referral' }).select('id').single();
    expect(lead.error).toBeNull();
    const intruder = await sb.anonClient().auth.signUp({ email, password: 'senha-do-intruso', options: { data: { full_name: 'Intruso' } } });
    expect(intruder.error).toBeNull();
    const row = async () => (await admin.from('clients').select('account_user_id').eq('id', lead.data!.id).single()).data;
    expect(await row()).toEqual({ account_user_id: null });
    expect((await feed()).filter((e) => e.kind === 'client_signed_up' && e.subject_id === lead.data!.id)).toEqual([]);
    expect((await admin.rpc('admin_client_accounts', { search_term: email })).data).toEqual([]);
    const tokenHash = new URL((await sb.lastMail(email)).links[0]).searchParams.get('token_hash')!;
    expect((await sb.anonClient().auth.verifyOtp({ token_hash: tokenHash, type: 'signup' })).error).toBeNull();
    expect(await row()).toEqual({ account_user_id: intruder.data.user!.id });
    // Linked, the lead takes the account's name. The auth server kept the first, unconfirmed sign-up's metadata, so
    // that is the name the owner of the address finds (they can rename themselves in /profile).
    expect((await feed())[0]).toMatchObject({ kind: 'client_signed_up', label: 'Intruso', subject_id: lead.data!.id });
  });

  it('a equipe não vira cliente da agência; o cliente de teste sim', async () => {
    const { data } = await admin.from('clients').select('account_user_id').in('account_user_id', [staffId, user.id]);
    expect(data).toEqual([{ account_user_id: user.id }]);
  });

  it('a admin não lê nem altera os contatos do CRM de um cliente', async () => {
    const contact = await client.from('clients').insert({ full_name: 'Contato Particular', email: 'particular@empresa.com.br' }).select('id').single();
    expect(contact.error).toBeNull();
    expect((await admin.from('clients').select('id').eq('id', contact.data!.id)).data).toEqual([]);
    expect((await admin.from('clients').update({ status: 'lost' }).eq('id', contact.data!.id).select('id')).data).toEqual([]);
    expect((await admin.rpc('admin_search_clients', { search_term: 'Particular' })).data).toEqual([]);
  });
});

describe('os números se movem com os dados', () => {
  it('projeto criado, precificado e avançado; ticket aberto e respondido: cartões, faturamento, análises e atividade', async () => {
    const before = await figures();
    const id = randomUUID();
    expect((await client.from('projects').insert({ id, title: 'Chatbot da Carla', plan: 'advanced', status: 'pending' })).error).toBeNull();
    expect((await feed())[0]).toMatchObject({ kind: 'project_created', label: 'Chatbot da Carla', actor: { full_name: 'Carla Console' } });
    const billing = await admin.rpc('admin_billing');
    expect(billing.data).toContainEqual(expect.objectContaining({ project_id: id, client_name: 'Carla Console', plan: 'advanced', monthly_price: 999 }));

    expect((await admin.from('projects').update({ status: 'in-progress', progress: 30 }).eq('id', id)).error).toBeNull();
    expect(await figures()).toEqual({ ...before, active_projects: before.active_projects + 1, monthly_revenue: before.monthly_revenue + 999 });
    expect((await feed())[0]).toMatchObject({ kind: 'project_status_changed', label: 'Chatbot da Carla', actor: { full_name: 'Edu Equipe' } });

    expect((await admin.from('projects').update({ monthly_price: 1200 }).eq('id', id)).error).toBeNull();
    expect((await figures()).monthly_revenue).toBe(before.monthly_revenue + 1200);
    const revenue = (await admin.rpc('admin_analytics_projects')).data as { dimension: string; key: string; monthly_revenue: number }[];
    expect(revenue.find((r) => r.dimension === 'plan' && r.key === 'advanced')!.monthly_revenue).toBeGreaterThanOrEqual(1200);
    const months = (await admin.rpc('admin_analytics_monthly')).data as { new_projects: number }[];
    expect(months).toHaveLength(12);

    const ticket = await client.from('support_tickets').insert({ subject: 'Dúvida da Carla', message_content: 'Como funciona?' }).select('id').single();
    expect((await figures()).open_tickets).toBe(before.open_tickets + 1);
    expect((await admin.from('ticket_messages').insert({ ticket_id: ticket.data!.id, body: 'Funciona assim.' })).error).toBeNull();
    expect((await feed()).slice(0, 2).map((e) => e.kind)).toEqual(['ticket_answered', 'ticket_opened']);
    const team = (await admin.rpc('admin_team')).data as { id: string; tickets_answered_30d: number }[];
    expect(team.find((m) => m.id === staffId)?.tickets_answered_30d).toBe(1);
  });
});

describe('o cliente não lê nada do console', () => {
  it('cada RPC do console responde 403 e o log vem vazio', async () => {
    for (const fn of ['admin_dashboard_figures', 'admin_billing', 'admin_billing_totals', 'admin_analytics_monthly', 'admin_analytics_clients',
      'admin_analytics_projects', 'admin_analytics_received', 'admin_team', 'admin_users', 'admin_search_clients']) {
      const { data, error, status } = await client.rpc(fn);
      expect([status, data, error?.code], fn).toEqual([403, null, '42501']);
    }
    expect((await client.from('activity_log').select('*')).data).toEqual([]);
    const { count } = await client.from('activity_log').select('*', { count: 'exact', head: true });
    expect(count).toBe(0);
  });

  it('configurações: o cliente lê, a admin grava (logo só https, mensagens em pt-BR)', async () => {
    expect((await client.from('app_settings').select('app_name').single()).data).toEqual({ app_name: 'Portal IA' });
    expect((await client.from('app_settings').update({ app_name: 'Hack' }).eq('id', true).select()).data).toEqual([]);
    const bad = await admin.from('app_settings').update({ logo_url: 'http://x.com/l.png' }).eq('id', true);
    expect(bad.error?.message).toBe('A URL do logo deve começar com https://.');
    const ok = await admin.from('app_settings').update({ app_name: 'Agência Aurora' }).eq('id', true).select('app_name').single();
    expect(ok.data).toEqual({ app_name: 'Agência Aurora' });
    expect((await client.from('app_settings').select('app_name').single()).data).toEqual({ app_name: 'Agência Aurora' });
  });

  it('usuários: a admin vê as contas e os papéis', async () => {
    const { data } = await admin.rpc('admin_users', { page_limit: 1000 });
    const rows = data as { email: string; role: string }[];
    expect(rows).toContainEqual(expect.objectContaining({ email: user.email, role: 'user' }));
    expect(rows).toContainEqual(expect.objectContaining({ email: 'admin@exemplo.com.br', role: 'admin' }));
  });
});
