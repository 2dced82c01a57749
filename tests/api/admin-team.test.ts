// The collaborators and settings screens' data through supabase-js: an admin reads every task (also those neither
// created by nor assigned to them) and filters them by assignee; a client reads only their own; the settings are
// written by admins only (a client's update changes nothing, anon reads nothing). Against an in-memory local Supabase.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './helpers.ts';

let sb: TestBackend;
let admin: SupabaseClient;
let clientA: SupabaseClient;
let clientB: SupabaseClient;
let staffId: string;
let clientAId: string;
const taskIds: Record<string, string> = {};

beforeAll(async () => {
  sb = await startTestBackend();
  const a = await sb.createConfirmedUser({ name: 'Clara Tarefas' });
  const b = await sb.createConfirmedUser({ name: 'Bruno Tarefas' });
  const staff = await sb.createConfirmedUser({ name: 'Sara Staff', appMetadata: { role: 'admin' } });
  staffId = staff.id;
  clientAId = a.id;
  clientA = await sb.signedInClient(a.email, a.password);
  clientB = await sb.signedInClient(b.email, b.password);
  admin = await sb.signedInClient(staff.email, staff.password);
  for (const [key, client, fields] of [
    ['personal', clientA, { title: 'Tarefa pessoal da Clara', priority: 'Alta' }],
    ['forStaff', clientA, { title: 'Tarefa da Clara para a Sara', assigned_to: staffId, status: 'Em Andamento' }],
    ['bruno', clientB, { title: 'Tarefa do Bruno', status: 'Concluída' }],
  ] as const) {
    const { data, error } = await client.from('tasks').insert(fields).select('id').single();
    if (error) throw error;
    taskIds[key] = data.id;
  }
});
afterAll(async () => {
  await sb?.stop();
});

const ids = (rows: { id: string }[] | null) => (rows ?? []).map((r) => r.id).sort();

describe('tarefas da equipe', () => {
  it('a admin lê todas as tarefas, mesmo as que não criou nem recebeu', async () => {
    const { data, error } = await admin.from('tasks').select('id').in('id', Object.values(taskIds));
    expect(error).toBeNull();
    expect(ids(data)).toEqual(Object.values(taskIds).sort());
  });

  it('a admin filtra por responsável, por "sem responsável", por status e por prioridade', async () => {
    const mine = Object.values(taskIds);
    const byStaff = await admin.from('tasks').select('id').in('id', mine).eq('assigned_to', staffId);
    expect(ids(byStaff.data)).toEqual([taskIds.forStaff]);
    const nobody = await admin.from('tasks').select('id').in('id', mine).is('assigned_to', null);
    expect(ids(nobody.data)).toEqual([taskIds.bruno, taskIds.personal].sort());
    const done = await admin.from('tasks').select('id').in('id', mine).eq('status', 'Concluída');
    expect(ids(done.data)).toEqual([taskIds.bruno]);
    const high = await admin.from('tasks').select('id').in('id', mine).eq('priority', 'Alta');
    expect(ids(high.data)).toEqual([taskIds.personal]);
  });

  it('um cliente lê só as tarefas que criou ou recebeu, e a admin não altera a tarefa pessoal de um cliente', async () => {
    const { data } = await clientB.from('tasks').select('id').in('id', Object.values(taskIds));
    expect(ids(data)).toEqual([taskIds.bruno]);
    const edit = await admin.from('tasks').update({ title: 'Mudada pela admin' }).eq('id', taskIds.personal).select('id');
    expect(edit.data).toEqual([]);
    const check = await clientA.from('tasks').select('title').eq('id', taskIds.personal).single();
    expect(check.data).toEqual({ title: 'Tarefa pessoal da Clara' });
  });

  it('a equipe conta as tarefas abertas atribuídas a cada admin', async () => {
    const { data, error } = await admin.rpc('admin_team');
    expect(error).toBeNull();
    expect(data).toContainEqual(expect.objectContaining({ id: staffId, full_name: 'Sara Staff', open_tasks: 1 }));
    expect((data as { id: string }[]).some((m) => m.id === clientAId)).toBe(false);
  });
});

describe('configurações: só a admin grava', () => {
  it('um cliente que tenta gravar não muda nada; a admin lê o valor antigo', async () => {
    const before = (await admin.from('app_settings').select('app_name,logo_url,admin_email').single()).data;
    const attempt = await clientA
      .from('app_settings')
      .update({ app_name: 'Invadido', logo_url: 'https://evil.example/x.png', admin_email: 'evil@example.com' })
      .eq('id', true)
      .select();
    expect(attempt.data).toEqual([]);
    expect((await admin.from('app_settings').select('app_name,logo_url,admin_email').single()).data).toEqual(before);
  });

  it('um cliente não insere nem apaga a linha; sem sessão só o nome da agência e o e-mail de contato se leem', async () => {
    const insert = await clientA.from('app_settings').insert({ id: true, app_name: 'X', admin_email: 'x@x.com' });
    expect(insert.error?.code).toBe('42501');
    const del = await clientA.from('app_settings').delete().eq('id', true).select();
    expect(del.error?.code).toBe('42501');
    expect((await admin.from('app_settings').select('id')).data).toEqual([{ id: true }]);
    const visitor = await sb.anonClient().from('app_settings').select('app_name, contact_email');
    expect(visitor.error).toBeNull();
    expect(visitor.data).toHaveLength(1);
    const hidden = await sb.anonClient().from('app_settings').select('admin_email');
    expect(hidden.error?.code).toBe('42501');
  });

  it('a admin grava: valores aparados, e-mail em minúsculas; URL http e e-mail inválido recusados com 23514 em pt-BR', async () => {
    const ok = await admin
      .from('app_settings')
      .update({ app_name: '  Agência Aurora ', logo_url: 'https://cdn.aurora.com.br/logo.png', admin_email: 'Contato@Aurora.com.br' })
      .eq('id', true)
      .select('app_name,logo_url,admin_email')
      .single();
    expect(ok.data).toEqual({ app_name: 'Agência Aurora', logo_url: 'https://cdn.aurora.com.br/logo.png', admin_email: 'contato@aurora.com.br' });
    const badUrl = await admin.from('app_settings').update({ logo_url: 'http://cdn.aurora.com.br/logo.png' }).eq('id', true);
    expect(badUrl.error).toMatchObject({ code: '23514', message: 'A URL do logo deve começar com https://.' });
    const badEmail = await admin.from('app_settings').update({ admin_email: 'contato@' }).eq('id', true);
    expect(badEmail.error).toMatchObject({ code: '23514', message: 'Informe um e-mail válido para o administrador principal.' });
    const now = await clientA.from('app_settings').select('app_name,logo_url,admin_email').single();
    expect(now.data).toEqual(ok.data);
  });
});
