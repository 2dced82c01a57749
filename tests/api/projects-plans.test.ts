// Projects from plans and the updates timeline through supabase-js, as the browser calls them: a client picks a plan
// (price from the database, double click = one project), plan and price stay with the agency, admins manage every
// project, and project_updates (author, trimming, 15-minute delete, who reads). Against an in-memory local Supabase.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';

let sb: TestBackend;
let clientA: SupabaseClient;
let clientB: SupabaseClient;
let admin: SupabaseClient;
let userA: TestUser;
let staffId: string;

beforeAll(async () => {
  sb = await startTestBackend();
  userA = await sb.createConfirmedUser({ name: 'Ana Projetos' });
  const userB = await sb.createConfirmedUser({ name: 'Bruno Projetos' });
  const staff = await sb.createConfirmedUser({ name: 'Diana Equipe', appMetadata: { role: 'admin' } });
  staffId = staff.id;
  clientA = await sb.signedInClient(userA.email, userA.password);
  clientB = await sb.signedInClient(userB.email, userB.password);
  admin = await sb.signedInClient(staff.email, staff.password);
});
afterAll(async () => {
  await sb?.stop();
});

/** 'Selecionar Plano' as the screen sends it: a client-made id reused on retry, the plan, the plan's name. */
function pickPlan(client: SupabaseClient, id: string, plan: string, title: string, extra: Record<string, unknown> = {}) {
  return client.from('projects').upsert({ id, title, plan, status: 'pending', ...extra }, { onConflict: 'id', ignoreDuplicates: true }).select();
}

describe('planos viram projetos', () => {
  it('Selecionar Plano cria um projeto pendente com o preço da lista; um clique duplo cria um só', async () => {
    const id = randomUUID();
    const [one, two] = await Promise.all([pickPlan(clientA, id, 'advanced', 'Pacote Avançado IA'), pickPlan(clientA, id, 'advanced', 'Pacote Avançado IA')]);
    expect([one.error, two.error]).toEqual([null, null]);
    const { data } = await clientA.from('projects').select('id, title, status, plan, monthly_price, user_id').eq('user_id', userA.id).order('created_at', { ascending: false });
    expect(data).toEqual([{ id, title: 'Pacote Avançado IA', status: 'pending', plan: 'advanced', monthly_price: 999, user_id: userA.id }]);
  });

  it('o plano corporativo fica sem preço até a agência definir; um preço diferente da lista é recusado em pt-BR', async () => {
    const corporate = await pickPlan(clientA, randomUUID(), 'enterprise', 'Plano Corporativo');
    expect((corporate.data as { monthly_price: number | null }[])[0].monthly_price).toBeNull();
    const cheap = await pickPlan(clientA, randomUUID(), 'premium', 'Pacote Premium IA', { monthly_price: 10 });
    expect(cheap.status).toBe(400);
    expect(cheap.error?.message).toBe('O preço mensal é definido pelo plano escolhido.');
    const listed = await pickPlan(clientA, randomUUID(), 'essential', 'Pacote Essencial IA', { monthly_price: 499 });
    expect((listed.data as { monthly_price: number }[])[0].monthly_price).toBe(499);
  });

  it('o cliente não cria projeto sem plano, nem já em andamento, nem para outra pessoa', async () => {
    expect((await clientA.from('projects').insert({ title: 'Sem plano' })).status).toBe(403);
    expect((await pickPlan(clientA, randomUUID(), 'essential', 'Já andando', { status: 'in-progress' })).status).toBe(403);
    const other = (await clientB.auth.getUser()).data.user!.id;
    expect((await pickPlan(clientA, randomUUID(), 'essential', 'Para o Bruno', { user_id: other })).status).toBe(403);
    expect((await pickPlan(clientA, randomUUID(), 'essential', '   ')).error?.message).toBe('O título do projeto é obrigatório.');
  });

  it('o cliente renomeia e descreve o próprio projeto, mas plano e preço só a equipe muda', async () => {
    const id = randomUUID();
    await pickPlan(clientA, id, 'essential', 'Pacote Essencial IA');
    const edited = await clientA.from('projects').update({ title: '  Meu chatbot ', description: 'Atendimento' }).eq('id', id).select('title, description').single();
    expect(edited.data).toEqual({ title: 'Meu chatbot', description: 'Atendimento' });
    const plan = await clientA.from('projects').update({ plan: 'premium' }).eq('id', id);
    expect(plan.status).toBe(403);
    expect(plan.error?.message).toBe('Só a equipe da agência altera o plano ou o preço mensal do projeto.');
    expect((await clientA.from('projects').update({ monthly_price: 0 }).eq('id', id)).status).toBe(403);
  });

  it('um PATCH do cliente no progresso ou no status é recusado em pt-BR, e o projeto fica como estava', async () => {
    const id = randomUUID();
    await pickPlan(clientA, id, 'advanced', 'Pacote Avançado IA');
    for (const patch of [{ progress: 100 }, { status: 'completed', progress: 100 }, { status: 'in-progress' }, { title: 'Renomeado', progress: 40 }]) {
      const refused = await clientA.from('projects').update(patch).eq('id', id);
      expect(refused.status).toBe(403);
      expect(refused.error?.message).toBe('Só a equipe da agência altera o status e o progresso do projeto.');
    }
    const row = await clientA.from('projects').select('title, status, progress').eq('id', id).single();
    expect(row.data).toEqual({ title: 'Pacote Avançado IA', status: 'pending', progress: null });
    const moved = await admin.from('projects').update({ status: 'in-progress', progress: 50 }).eq('id', id).select('status, progress').single();
    expect(moved.data).toEqual({ status: 'in-progress', progress: 50 });
  });

  it('o cliente exclui um projeto pendente; depois que a agência o inicia, a exclusão é recusada em pt-BR e ele fica', async () => {
    const pending = randomUUID();
    await pickPlan(clientA, pending, 'essential', 'Pacote Essencial IA');
    expect((await clientA.from('projects').delete().eq('id', pending).select('id')).data).toEqual([{ id: pending }]);
    const started = randomUUID();
    await pickPlan(clientA, started, 'premium', 'Pacote Premium IA');
    await admin.from('projects').update({ status: 'in-progress', progress: 20 }).eq('id', started);
    const refused = await clientA.from('projects').delete().eq('id', started).select('id');
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('Só é possível excluir um projeto pendente. Para cancelar este projeto, solicite o cancelamento ao suporte.');
    expect((await clientA.from('projects').select('id').eq('id', started)).data).toEqual([{ id: started }]);
    expect((await admin.from('projects').delete().eq('id', started).select('id')).data).toEqual([{ id: started }]);
  });

  it('um ticket nomeia um projeto do próprio cliente; o de outro cliente é recusado em pt-BR', async () => {
    const mine = randomUUID();
    await pickPlan(clientA, mine, 'advanced', 'Pacote Avançado IA');
    const ticket = await clientA.from('support_tickets').insert({ subject: 'Cancelamento', message_content: 'Quero cancelar.', project_id: mine }).select('project_id').single();
    expect(ticket.data).toEqual({ project_id: mine });
    const others = await clientB.from('support_tickets').insert({ subject: 'Intruso', message_content: 'Sobre o projeto dela.', project_id: mine });
    expect(others.status).toBe(409);
    expect(others.error?.message).toBe('O projeto escolhido não é um dos projetos deste cliente.');
  });

  it('a admin vê todos os projetos, define o preço negociado e avança o projeto; o outro cliente não vê nada', async () => {
    const id = randomUUID();
    await pickPlan(clientA, id, 'enterprise', 'Plano Corporativo');
    const all = await admin.from('projects').select('id, user_id').eq('id', id);
    expect(all.data).toEqual([{ id, user_id: userA.id }]);
    const set = await admin.from('projects').update({ monthly_price: 12500.5, status: 'in-progress', progress: 30 }).eq('id', id).select('monthly_price, status, progress').single();
    expect(set.data).toEqual({ monthly_price: 12500.5, status: 'in-progress', progress: 30 });
    expect((await admin.from('projects').update({ monthly_price: -1 }).eq('id', id)).status).toBe(400);
    expect((await clientB.from('projects').select('id').eq('id', id)).data).toEqual([]);
    const seenByOwner = await clientA.from('projects').select('monthly_price, progress').eq('id', id).single();
    expect(seenByOwner.data).toEqual({ monthly_price: 12500.5, progress: 30 });
  });

  it('a admin cria um projeto para um cliente e o exclui', async () => {
    const made = await admin.from('projects').insert({ user_id: userA.id, title: 'Projeto da agência', plan: 'premium', status: 'in-progress', progress: 10 }).select('id, monthly_price').single();
    expect(made.error).toBeNull();
    expect(made.data?.monthly_price).toBe(1999);
    expect((await admin.from('projects').delete().eq('id', made.data!.id).select('id')).data).toHaveLength(1);
  });
});

describe('gestão de projetos da equipe', () => {
  it('a lista de todos os projetos busca pelo nome do cliente, filtra por plano e traz nome e e-mail do cliente', async () => {
    const id = randomUUID();
    await pickPlan(clientA, id, 'premium', 'Pacote Premium IA');
    const { data, error } = await admin.rpc('admin_projects', { search_term: 'ana projetos', plan_filter: 'premium' })
      .select('id, title, plan, monthly_price, client_name, client_email');
    expect(error).toBeNull();
    expect(data).toEqual([{ id, title: 'Pacote Premium IA', plan: 'premium', monthly_price: 1999, client_name: 'Ana Projetos', client_email: userA.email }]);
    const refused = await clientA.rpc('admin_projects');
    expect(refused.status).toBe(403);
  });
});

describe('atualizações do projeto', () => {
  let projectId: string;
  beforeAll(async () => {
    projectId = randomUUID();
    await pickPlan(clientA, projectId, 'advanced', 'Pacote Avançado IA');
  });

  const post = (client: SupabaseClient, content: string, id = randomUUID()) =>
    client.from('project_updates').upsert({ id, project_id: projectId, content }, { onConflict: 'id', ignoreDuplicates: true }).select();

  it('dono e equipe postam; a linha do tempo vem da mais nova para a mais antiga com o autor; reenviar não duplica', async () => {
    const id = randomUUID();
    expect((await post(clientA, '  Enviamos os dados.  ', id)).error).toBeNull();
    expect((await post(clientA, 'Enviamos os dados.', id)).data).toEqual([]);
    expect((await post(admin, 'Modelo em treino.')).error).toBeNull();
    const { data, error } = await clientA.from('project_updates')
      .select('content, author_id, author:profiles!project_updates_author_id_fkey(full_name)')
      .eq('project_id', projectId).order('created_at', { ascending: false }).order('id', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { content: 'Modelo em treino.', author_id: staffId, author: { full_name: 'Diana Equipe' } },
      { content: 'Enviamos os dados.', author_id: userA.id, author: { full_name: 'Ana Projetos' } },
    ]);
  });

  it('o outro cliente não lê nem posta; texto em branco é recusado em pt-BR', async () => {
    expect((await clientB.from('project_updates').select('id').eq('project_id', projectId)).data).toEqual([]);
    expect((await post(clientB, 'Intruso')).status).toBe(403);
    const blank = await post(clientA, '\n ');
    expect(blank.status).toBe(400);
    expect(blank.error?.message).toBe('A atualização não pode ficar em branco.');
  });

  it('o autor exclui a sua logo depois de postar, mas não a da equipe; a admin exclui qualquer uma', async () => {
    const mine = (await post(clientA, 'Digitei errado')).data as { id: string }[];
    const theirs = (await post(admin, 'Da equipe')).data as { id: string }[];
    expect((await clientA.from('project_updates').delete().eq('id', mine[0].id).select('id')).data).toHaveLength(1);
    expect((await clientA.from('project_updates').delete().eq('id', theirs[0].id).select('id')).data).toEqual([]);
    expect((await admin.from('project_updates').delete().eq('id', theirs[0].id).select('id')).data).toHaveLength(1);
    expect((await clientA.from('project_updates').update({ content: 'x' }).eq('project_id', projectId)).status).toBe(403);
  });
});
