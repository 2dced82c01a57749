// The agency's 'Novo Projeto' through supabase-js, as the admin screen calls it: the client picker lists portal
// accounts that are not staff (admins only), and an admin creates a project for any client with a client-made id,
// once however often the request is repeated. Against an in-memory local Supabase.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';

let sb: TestBackend;
let admin: SupabaseClient;
let client: SupabaseClient;
let clara: TestUser;
let bruno: TestUser;
let staff: TestUser;

beforeAll(async () => {
  sb = await startTestBackend();
  clara = await sb.createConfirmedUser({ name: 'Clara Seletor' });
  bruno = await sb.createConfirmedUser({ name: 'Bruno Seletor' });
  staff = await sb.createConfirmedUser({ name: 'Zeca Seletor Equipe', appMetadata: { role: 'admin' } });
  client = await sb.signedInClient(clara.email, clara.password);
  admin = await sb.signedInClient(staff.email, staff.password);
});
afterAll(async () => {
  await sb?.stop();
});

describe('seletor de clientes do Novo Projeto', () => {
  it('lista as contas do portal que não são da equipe, por nome, buscando por nome ou e-mail', async () => {
    const byName = await admin.rpc('admin_client_accounts', { search_term: 'seletor' });
    expect(byName.error).toBeNull();
    expect(byName.data).toEqual([
      { id: bruno.id, full_name: 'Bruno Seletor', email: bruno.email },
      { id: clara.id, full_name: 'Clara Seletor', email: clara.email },
    ]);
    const byEmail = await admin.rpc('admin_client_accounts', { search_term: clara.email.toUpperCase() });
    expect(byEmail.data).toEqual([{ id: clara.id, full_name: 'Clara Seletor', email: clara.email }]);
    const literal = await admin.rpc('admin_client_accounts', { search_term: '%' });
    expect(literal.data).toEqual([]);
  });

  it('sem busca traz no máximo page_limit contas, nenhuma da equipe', async () => {
    const { data, error } = await admin.rpc('admin_client_accounts', { page_limit: 200 });
    expect(error).toBeNull();
    const ids = (data as { id: string }[]).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([clara.id, bruno.id]));
    expect(ids).not.toContain(staff.id);
    expect((await admin.rpc('admin_client_accounts', { page_limit: 1 })).data).toHaveLength(1);
  });

  it('um cliente não lista os usuários do portal (403), nem um visitante', async () => {
    const refused = await client.rpc('admin_client_accounts', { search_term: 'seletor' });
    expect(refused.status).toBe(403);
    expect(refused.data).toBeNull();
    const anon = await sb.anonClient().rpc('admin_client_accounts');
    expect([401, 403]).toContain(anon.status);
  });
});

describe('a equipe cria um projeto para um cliente', () => {
  const create = (row: Record<string, unknown>) =>
    admin.from('projects').upsert(row, { onConflict: 'id', ignoreDuplicates: true }).select();

  it('em nome do cliente, em andamento, com o preço do plano; repetir o envio não duplica', async () => {
    const id = randomUUID();
    const row = { id, user_id: clara.id, title: 'Assistente de vendas', description: 'Chatbot', status: 'in-progress', progress: 40, plan: 'advanced' };
    const [one, two] = await Promise.all([create(row), create(row)]);
    expect([one.error, two.error]).toEqual([null, null]);
    expect(await create(row)).toMatchObject({ error: null, data: [] });
    const seen = await client.from('projects').select('id, title, status, progress, plan, monthly_price').eq('user_id', clara.id);
    expect(seen.data).toEqual([{ id, title: 'Assistente de vendas', status: 'in-progress', progress: 40, plan: 'advanced', monthly_price: 999 }]);
  });

  it('um cliente não cria projeto em nome de outro pelo mesmo caminho', async () => {
    const other = await client.from('projects')
      .upsert({ id: randomUUID(), user_id: bruno.id, title: 'Intruso', status: 'pending', plan: 'essential' }, { onConflict: 'id', ignoreDuplicates: true });
    expect(other.status).toBe(403);
    const { data } = await admin.from('projects').select('id').eq('user_id', bruno.id);
    expect(data).toEqual([]);
  });
});
