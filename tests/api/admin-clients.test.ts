// src/lib/data/clients.ts (the admin's calls) against the local Supabase (seeded), signed in as the demo admin: the calls the admin
// screens make, the not-found cases, the retry that must not duplicate, and the e-mail rule shared with the database.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalSupabase } from '../../local-supabase/index.ts';
import { DataError, NotFoundError } from '../../src/lib/data/data-errors';
import { CLIENT_MESSAGES, isPlainEmail } from '../../src/lib/domain/client-rules';
import { newId } from '../../src/lib/util/ids';
import type { Database } from '../../src/lib/database.types';

class NoRealtime {
  constructor() {
    throw new Error('realtime não é usado');
  }
}
const nodeOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: NoRealtime as unknown as typeof WebSocket },
};

type Local = Awaited<ReturnType<typeof startLocalSupabase>>;
const state = vi.hoisted(() => ({ client: null as unknown }));

// The data module imports the app's one client; here it is a client of the test server, created in beforeAll.
vi.mock('../../src/lib/data/supabase', () => ({
  get supabase() {
    return state.client;
  },
}));

let sb: Local;
let service: SupabaseClient<Database>;
let lib: typeof import('../../src/lib/data/clients');

beforeAll(async () => {
  sb = await startLocalSupabase({ port: 0, host: '127.0.0.1', dataDir: null, rateLimits: false, quiet: true });
  service = createClient<Database>(sb.url, sb.secretKey, nodeOptions);
  const browser = createClient<Database>(sb.url, sb.publishableKey, nodeOptions);
  const { error } = await browser.auth.signInWithPassword({ email: 'admin@exemplo.com.br', password: 'admin123' });
  if (error) throw error;
  state.client = browser;
  lib = await import('../../src/lib/data/clients');
});

afterAll(async () => {
  await sb?.stop();
});

describe('listClients (admin)', () => {
  it('traz só os clientes da agência (sem dono), mais novos primeiro, nunca o CRM de alguém, com conta no portal e gerente', async () => {
    const { data: agency } = await service.from('clients').select('id, account_user_id').is('owner_user_id', null);
    const page = await lib.listClients({ limit: 1000 });
    expect(page.rows.map((r) => r.id).sort()).toEqual(agency!.map((r) => r.id).sort());
    expect(page.hasMore).toBe(false);
    expect(page.total).toBe(agency!.length);
    const { data: crm } = await service.from('clients').select('id').not('owner_user_id', 'is', null);
    expect(crm!.length).toBeGreaterThan(0);
    for (const contact of crm!) expect(page.rows.map((r) => r.id)).not.toContain(contact.id);
    const dates = page.rows.map((r) => r.created_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const row of page.rows) {
      expect(row.has_account).toBe(Boolean(agency!.find((a) => a.id === row.id)!.account_user_id));
    }
    expect(page.rows.find((r) => r.account_manager_id)?.account_manager_name).toBe('Super Administrador');
    expect(page.rows.find((r) => !r.account_manager_id)?.account_manager_name).toBeNull();
  });

  it('pagina no servidor: páginas seguidas não repetem linhas e a última diz que não há mais', async () => {
    const first = await lib.listClients({ limit: 2 });
    expect(first.rows).toHaveLength(2);
    expect(first.hasMore).toBe(true);
    const second = await lib.listClients({ offset: 2, limit: 2 });
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0].id);
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[1].id);
  });

  it('a busca (nome, email, empresa) roda no servidor sem diferenciar maiúsculas, sem total; status filtra', async () => {
    const id = newId();
    const tag = `busca-${id.slice(0, 8)}`;
    await service.from('clients').insert({ id, full_name: `Cliente ${tag}`, email: `${tag}@exemplo.com.br`, company_name: `Empresa ${tag}`, status: 'prospect' });
    const found = await lib.listClients({ search: `EMPRESA ${tag.toUpperCase()}` });
    expect(found).toMatchObject({ hasMore: false, total: null });
    expect(found.rows.map((r) => r.id)).toEqual([id]);
    expect((await lib.listClients({ search: tag, status: 'prospect' })).rows.map((r) => r.id)).toEqual([id]);
    expect((await lib.listClients({ search: tag, status: 'lost' })).rows).toEqual([]);
    expect((await lib.listClients({ search: 'nada-disso-existe-xyz' })).rows).toEqual([]);
    await service.from('clients').delete().eq('id', id);
  });
});

describe('createClient', () => {
  it('cria um cliente sem dono (owner_user_id null) com os campos do formulário', async () => {
    const id = newId();
    const created = await lib.createClient(id, {
      full_name: '  Cliente da Agência  ',
      email: 'agencia-lead@exemplo.com.br',
      phone: '',
      company_name: 'Agência Lead',
      status: 'prospect',
      source: 'event',
      admin_notes: 'Veio da feira.',
    });
    expect(created).toMatchObject({ id, full_name: 'Cliente da Agência', owner_user_id: null, phone: null, status: 'prospect', source: 'event' });
    const { data } = await service.from('clients').select('owner_user_id').eq('id', id).single();
    expect(data?.owner_user_id).toBeNull();
  });

  it('repetir o envio com o mesmo id não duplica: devolve a linha já gravada', async () => {
    const id = newId();
    const values = { full_name: 'Cliente Repetido', email: 'repetido@exemplo.com.br' };
    await lib.createClient(id, values);
    const again = await lib.createClient(id, values);
    expect(again.id).toBe(id);
    const { count } = await service.from('clients').select('id', { count: 'exact', head: true }).eq('email', 'repetido@exemplo.com.br');
    expect(count).toBe(1);
  });

  it('um retry com valores corrigidos depois de uma resposta perdida grava os valores novos, sem duplicar', async () => {
    const id = newId();
    await lib.createClient(id, { full_name: 'Primeira Versão', email: 'versao@exemplo.com.br', company_name: 'Antiga' });
    const again = await lib.createClient(id, { full_name: 'Segunda Versão', email: 'versao@exemplo.com.br', company_name: '' });
    expect(again).toMatchObject({ id, full_name: 'Segunda Versão', company_name: null, owner_user_id: null });
    const { data } = await service.from('clients').select('full_name').eq('email', 'versao@exemplo.com.br');
    expect(data).toEqual([{ full_name: 'Segunda Versão' }]);
  });

  it('um e-mail que o banco recusa (check constraint) vira uma mensagem clara em pt-BR e nada é gravado', async () => {
    const error = await lib.createClient(newId(), { full_name: 'Acento', email: 'josé@exemplo.com.br' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect((error as InstanceType<typeof DataError>).code).toBe('23514');
    expect(lib.describeSaveError(error)).toBe(CLIENT_MESSAGES.emailInvalid);
    const { count } = await service.from('clients').select('id', { count: 'exact', head: true }).eq('full_name', 'Acento');
    expect(count).toBe(0);
  });
});

describe('getClient e deleteClient', () => {
  it('getClient traz todas as colunas e o gerente', async () => {
    const { data: seeded } = await service.from('clients').select('id').is('owner_user_id', null).not('account_manager_id', 'is', null).limit(1).single();
    const client = await lib.getClient(seeded!.id);
    expect(client.id).toBe(seeded!.id);
    expect(client.manager?.full_name).toBe('Super Administrador');
    expect(client).toHaveProperty('admin_notes');
    expect(client).toHaveProperty('updated_at');
  });

  it('o contato do CRM de um cliente é invisível para a admin: NotFoundError', async () => {
    const { data: contact } = await service.from('clients').select('id').eq('email', 'fernanda.lima@clinicasorrir.com.br').single();
    await expect(lib.getClient(contact!.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('id desconhecido ou que nem é uuid dá NotFoundError, não um erro genérico', async () => {
    await expect(lib.getClient('7d0b3c8e-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
    await expect(lib.getClient('nao-e-uuid')).rejects.toBeInstanceOf(NotFoundError);
    await expect(lib.getClient("1' or '1'='1")).rejects.toBeInstanceOf(NotFoundError);
  });

  it('deleteClient remove a linha; excluir de novo dá NotFoundError', async () => {
    const id = newId();
    await lib.createClient(id, { full_name: 'Para Excluir', email: 'para-excluir@exemplo.com.br' });
    await lib.deleteClient(id);
    const { data } = await service.from('clients').select('id').eq('id', id);
    expect(data).toEqual([]);
    await expect(lib.deleteClient(id)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('a regra de e-mail do formulário é a mesma do banco', () => {
  const candidates = [
    'nome@empresa.com.br',
    'NOME.Sobrenome+tag@Sub.Empresa.io',
    "o'brien@exemplo.com",
    'josé@exemplo.com.br',
    'sem-arroba.exemplo.com',
    'nome@empresa',
    'mailto:nome@empresa.com',
    'nome@empresa.com?subject=oi',
    'nome @empresa.com',
    'javascript:alert(1)@x.com',
    '<img src=x>@x.com',
    'nome@-empresa.com',
    'nome@empresa..com',
  ];
  it.each(candidates)('%s', async (email) => {
    const { error } = await service.from('clients').insert({ full_name: 'Regra de e-mail', email }).select('id');
    expect(isPlainEmail(email)).toBe(error === null);
    await service.from('clients').delete().eq('full_name', 'Regra de e-mail');
  });
});
