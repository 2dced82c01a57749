// The client form's data calls against the local Supabase (seeded): updateClient with optimistic concurrency, the
// CRM user's own create and edit, the field limits shared by the form and the database, the agency client made at
// sign-up within them, and what the admin detail reads (the account's projects and tickets, the staff).
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalSupabase } from '../../local-supabase/index.ts';
import { ConflictError, DataError, NotFoundError } from '../../src/lib/data/data-errors';
import { CLIENT_MESSAGES, validateClientFields } from '../../src/lib/domain/client-rules';
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
vi.mock('../../src/lib/data/supabase', () => ({
  get supabase() {
    return state.client;
  },
}));

let sb: Local;
let service: SupabaseClient<Database>;
let admin: SupabaseClient<Database>;
let lib: typeof import('../../src/lib/data/clients');
let links: typeof import('../../src/lib/data/client-links');

async function signedIn(email: string, password: string) {
  const browser = createClient<Database>(sb.url, sb.publishableKey, nodeOptions);
  const { error } = await browser.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return browser;
}

async function newAccount(name: string) {
  const email = `conta-${newId().slice(0, 8)}@exemplo.com.br`;
  const { data, error } = await service.auth.admin.createUser({ email, password: 'senha-123', email_confirm: true, user_metadata: { full_name: name } });
  if (error || !data.user) throw error ?? new Error('sem usuário');
  return { id: data.user.id, email, client: await signedIn(email, 'senha-123') };
}

const asAdmin = () => void (state.client = admin);

beforeAll(async () => {
  sb = await startLocalSupabase({ port: 0, host: '127.0.0.1', dataDir: null, rateLimits: false, quiet: true });
  service = createClient<Database>(sb.url, sb.secretKey, nodeOptions);
  admin = await signedIn('admin@exemplo.com.br', 'admin123');
  state.client = admin;
  lib = await import('../../src/lib/data/clients');
  links = await import('../../src/lib/data/client-links');
});

afterAll(async () => {
  await sb?.stop();
});

describe('updateClient (admin)', () => {
  it('grava os campos do formulário, o gerente e as notas, e devolve o cliente com o nome do gerente', async () => {
    asAdmin();
    const id = newId();
    const created = await lib.createClient(id, { full_name: 'Antes da Edição', email: 'antes@exemplo.com.br' });
    const { data: staff } = await service.from('profiles').select('id').eq('email', 'admin@exemplo.com.br').single();
    const updated = await lib.updateClient(
      id,
      {
        full_name: '  Depois da Edição ',
        email: 'depois@exemplo.com.br',
        phone: '+55 (11) 98888-7777',
        company_name: '',
        status: 'active',
        source: 'referral',
        admin_notes: 'Nota nova.',
        account_manager_id: staff!.id,
      },
      created.updated_at,
    );
    expect(updated).toMatchObject({
      id,
      full_name: 'Depois da Edição',
      phone: '+55 (11) 98888-7777',
      company_name: null,
      status: 'active',
      source: 'referral',
      admin_notes: 'Nota nova.',
      account_manager_id: staff!.id,
      owner_user_id: null,
    });
    expect(updated.manager?.full_name).toBe('Super Administrador');
    expect(updated.updated_at).not.toBe(created.updated_at);
  });

  it('uma edição feita em outro lugar depois que o formulário carregou: ConflictError e nada é sobrescrito', async () => {
    asAdmin();
    const id = newId();
    const loaded = await lib.createClient(id, { full_name: 'Versão Carregada', email: 'carregada@exemplo.com.br' });
    await service.from('clients').update({ full_name: 'Versão de Outra Aba' }).eq('id', id);
    const error = await lib.updateClient(id, { full_name: 'Minha Versão', email: 'carregada@exemplo.com.br' }, loaded.updated_at).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe(lib.CLIENT_CONFLICT_MESSAGE);
    const { data } = await service.from('clients').select('full_name').eq('id', id).single();
    expect(data?.full_name).toBe('Versão de Outra Aba');
    // With the current version as base, the same edit goes through.
    const current = await lib.getClient(id);
    await expect(lib.updateClient(id, { full_name: 'Minha Versão', email: 'carregada@exemplo.com.br' }, current.updated_at)).resolves.toMatchObject({
      full_name: 'Minha Versão',
    });
  });

  it('um cliente excluído em outro lugar, ou um id que nem é uuid: NotFoundError', async () => {
    asAdmin();
    const id = newId();
    const loaded = await lib.createClient(id, { full_name: 'Excluído no Meio', email: 'meio@exemplo.com.br' });
    await service.from('clients').delete().eq('id', id);
    await expect(lib.updateClient(id, { full_name: 'X', email: 'meio@exemplo.com.br' }, loaded.updated_at)).rejects.toBeInstanceOf(NotFoundError);
    await expect(lib.updateClient('nao-e-uuid', { full_name: 'X', email: 'x@x.com' }, loaded.updated_at)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('um contato do CRM de um cliente não é editável pela admin (NotFoundError) e fica como estava', async () => {
    asAdmin();
    const { data: contact } = await service.from('clients').select('id, updated_at').eq('email', 'fernanda.lima@clinicasorrir.com.br').single();
    await expect(lib.updateClient(contact!.id, { full_name: 'Invasão', email: 'x@x.com' }, contact!.updated_at)).rejects.toBeInstanceOf(NotFoundError);
    const { data } = await service.from('clients').select('full_name').eq('id', contact!.id).single();
    expect(data?.full_name).toBe('Fernanda Lima');
  });
});

describe('o CRM de um cliente novo', () => {
  it('cria um contato do próprio CRM (dono = o usuário), repetir não duplica, e a edição não toca nas notas internas', async () => {
    const user = await newAccount('Dona do CRM');
    state.client = user.client;
    const id = newId();
    const values = { full_name: 'Contato Próprio', email: 'proprio@exemplo.com.br', phone: '(11) 3333-4444' };
    const created = await lib.createClient(id, values);
    expect(created).toMatchObject({ id, owner_user_id: user.id, status: 'lead', account_user_id: null });
    await lib.createClient(id, values);
    const { count } = await service.from('clients').select('id', { count: 'exact', head: true }).eq('owner_user_id', user.id);
    expect(count).toBe(1);

    await service.from('clients').update({ admin_notes: 'Nota antiga' }).eq('id', id);
    const base = (await lib.getClient(id)).updated_at;
    const updated = await lib.updateClient(id, { ...values, status: 'prospect', source: 'event' }, base);
    expect(updated).toMatchObject({ status: 'prospect', source: 'event', admin_notes: 'Nota antiga', owner_user_id: user.id });

    const page = await lib.listClients();
    expect(page.rows.map((r) => r.id)).toEqual([id]);
    expect((await lib.clientStatusCounts()).prospect).toBe(1);
  });

  it('um cliente não edita o contato de outro cliente: NotFoundError', async () => {
    const owner = await newAccount('Dono A');
    const other = await newAccount('Dono B');
    state.client = owner.client;
    const id = newId();
    const created = await lib.createClient(id, { full_name: 'Segredo de A', email: 'segredo-a@exemplo.com.br' });
    state.client = other.client;
    await expect(lib.updateClient(id, { full_name: 'Tomado', email: 'x@x.com' }, created.updated_at)).rejects.toBeInstanceOf(NotFoundError);
    await expect(lib.getClient(id)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('os limites dos campos são os mesmos no formulário e no banco', () => {
  const cases: { label: string; row: { full_name?: string; phone?: string | null; company_name?: string | null } }[] = [
    { label: 'nome de 120 caracteres', row: { full_name: 'N'.repeat(120) } },
    { label: 'nome de 121 caracteres', row: { full_name: 'N'.repeat(121) } },
    { label: 'nome de 120 emojis', row: { full_name: '😀'.repeat(120) } },
    { label: 'empresa de 160 caracteres', row: { company_name: 'E'.repeat(160) } },
    { label: 'empresa de 161 caracteres', row: { company_name: 'E'.repeat(161) } },
    { label: 'telefone brasileiro', row: { phone: '(11) 98765-4321' } },
    { label: 'telefone internacional', row: { phone: '+55 11 98765-4321' } },
    { label: 'telefone de 7 dígitos', row: { phone: '3222445' } },
    { label: 'telefone de 6 caracteres', row: { phone: '322244' } },
    { label: 'telefone de 21 caracteres', row: { phone: '1'.repeat(21) } },
    { label: 'telefone com pontos', row: { phone: '11.98765.4321' } },
    { label: 'telefone com letras', row: { phone: '11 9876-ABCD' } },
    { label: 'telefone hostil', row: { phone: 'javascript:alert(1)' } },
  ];
  it.each(cases)('$label', async ({ row }) => {
    const full = { full_name: 'Limite', email: 'limite@exemplo.com.br', phone: null, company_name: null, ...row };
    const { error } = await service.from('clients').insert(full).select('id');
    const formOk = Object.keys(validateClientFields({ ...full, phone: full.phone ?? '', company_name: full.company_name ?? '' })).length === 0;
    expect(formOk).toBe(error === null);
    if (error) expect(error.code).toBe('23514');
    await service.from('clients').delete().eq('email', 'limite@exemplo.com.br');
  });

  it('o banco recusa um telefone inválido vindo direto da API, com a mensagem pt-BR do formulário, e nada é gravado', async () => {
    asAdmin();
    const error = await lib.createClient(newId(), { full_name: 'Telefone Ruim', email: 'tel-ruim@exemplo.com.br', phone: '11.9876.5432' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataError);
    expect(lib.describeSaveError(error)).toBe(CLIENT_MESSAGES.phoneInvalid);
    const { count } = await service.from('clients').select('id', { count: 'exact', head: true }).eq('email', 'tel-ruim@exemplo.com.br');
    expect(count).toBe(0);
  });

  it('o cadastro de uma conta com nome de 130 caracteres ainda cria o cliente da agência, com o nome cortado em 120', async () => {
    const long = 'Maria '.repeat(22).trim().slice(0, 130);
    const account = await newAccount(long);
    const { data } = await service.from('clients').select('full_name, status, source').eq('account_user_id', account.id).single();
    expect(data).toMatchObject({ status: 'lead', source: 'website' });
    expect(data!.full_name).toBe(long.trim().slice(0, 120).trim());
  });
});

describe('o que o detalhe do admin lê da conta do cliente', () => {
  it('os projetos (status, progresso) e os tickets da conta, mais novos primeiro; nada de outra conta', async () => {
    asAdmin();
    const account = await newAccount('Cliente com Projetos');
    const other = await newAccount('Outra Conta');
    const projects = await service.from('projects').insert([
      { user_id: account.id, title: 'Projeto Antigo', status: 'completed', progress: 100, created_at: '2026-01-01T10:00:00Z' },
      { user_id: account.id, title: 'Projeto Novo', status: 'in-progress', progress: 40, created_at: '2026-02-01T10:00:00Z' },
      { user_id: other.id, title: 'Projeto Alheio', status: 'pending', progress: null, created_at: '2026-03-01T10:00:00Z' },
    ]);
    expect(projects.error).toBeNull();
    const tickets = await service.from('support_tickets').insert([
      { user_id: account.id, subject: 'Dúvida sobre o chatbot', message_content: 'Como treino?', status: 'open' },
      { user_id: other.id, subject: 'Ticket Alheio', message_content: 'x', status: 'open' },
    ]);
    expect(tickets.error).toBeNull();
    const found = await links.accountActivity(account.id);
    expect(found.projects.map((p) => [p.title, p.status, p.progress])).toEqual([
      ['Projeto Novo', 'in-progress', 40],
      ['Projeto Antigo', 'completed', 100],
    ]);
    expect(found.tickets.map((t) => [t.subject, t.status])).toEqual([['Dúvida sobre o chatbot', 'open']]);
  });

  it('um cliente não lê os projetos de outra conta por aqui (RLS): listas vazias', async () => {
    const account = await newAccount('Conta Vigiada');
    const { error } = await service.from('projects').insert({ user_id: account.id, title: 'Projeto Vigiado', status: 'pending', progress: null });
    expect(error).toBeNull();
    const spy = await newAccount('Curioso');
    state.client = spy.client;
    expect(await links.accountActivity(account.id)).toEqual({ projects: [], tickets: [] });
  });

  it('a equipe para "Gerente de conta" são só os admins; quem não é admin recebe 42501', async () => {
    asAdmin();
    const staff = await links.listStaff();
    expect(staff.map((s) => s.name)).toContain('Super Administrador');
    const { data: profiles } = await service.from('profiles').select('id, email');
    const client = profiles!.find((p) => p.email === 'cliente@exemplo.com.br');
    expect(staff.some((s) => s.id === client!.id)).toBe(false);
    state.client = (await newAccount('Sem Acesso')).client;
    await expect(links.listStaff()).rejects.toMatchObject({ code: '42501' });
  });
});
