// The client form's rules (validation, field limits, the database's constraint messages) and the data calls it makes
// (createClient per audience, updateClient's optimistic concurrency), against a recording stand-in for supabase-js.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabase } from './clients-fake-supabase';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeSupabase> | null }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./clients-fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

import { CLIENT_CONFLICT_MESSAGE, createClient, describeSaveError, updateClient } from '../../src/lib/data/clients';
import { ConflictError, DataError, NotFoundError } from '../../src/lib/data/data-errors';
import {
  CLIENT_MESSAGES,
  clientConstraintMessage,
  clientDeleteQuestion,
  clientIdFromPath,
  isClientPhone,
  validateClientFields,
} from '../../src/lib/domain/client-rules';
import { toClientValues } from '../../src/islands/clients/useClientForm';
import { EMPTY_CLIENT_FORM } from '../../src/components/clients/ClientForm';

const sb = () => fake.current!;
beforeEach(() => sb().reset());

const fields = (patch: Partial<Record<'full_name' | 'email' | 'phone' | 'company_name', string>>) => ({
  full_name: 'Ana Souza',
  email: 'ana@empresa.com.br',
  phone: '',
  company_name: '',
  ...patch,
});

describe('validação do formulário de cliente', () => {
  it('nome completo e email são obrigatórios, com as mensagens do formulário do admin', () => {
    expect(validateClientFields(fields({ full_name: '   ', email: '' }))).toEqual({
      full_name: 'Informe o nome completo.',
      email: 'Informe o e-mail.',
    });
  });

  it('um e-mail que o banco recusaria é recusado com exemplo', () => {
    expect(validateClientFields(fields({ email: 'ana@' })).email).toBe('Informe um e-mail válido, como nome@empresa.com.br.');
  });

  it('nome até 120 caracteres (contados como o banco conta, emojis inteiros), empresa até 160', () => {
    expect(validateClientFields(fields({ full_name: 'a'.repeat(120) }))).toEqual({});
    expect(validateClientFields(fields({ full_name: '😀'.repeat(120) }))).toEqual({});
    expect(validateClientFields(fields({ full_name: 'a'.repeat(121) })).full_name).toBe('O nome pode ter no máximo 120 caracteres.');
    expect(validateClientFields(fields({ company_name: 'e'.repeat(160) }))).toEqual({});
    expect(validateClientFields(fields({ company_name: 'e'.repeat(161) })).company_name).toBe(
      'O nome da empresa pode ter no máximo 160 caracteres.',
    );
  });

  it('telefone opcional: só números, espaços e + ( ) -, de 7 a 20 caracteres', () => {
    expect(validateClientFields(fields({ phone: '' }))).toEqual({});
    for (const ok of ['(11) 98765-4321', '+55 11 98765-4321', '3222445', '1'.repeat(20)]) expect(isClientPhone(ok)).toBe(true);
    for (const bad of ['322244', '1'.repeat(21), '11.98765.4321', '11 9876-ABCD', 'javascript:alert(1)']) expect(isClientPhone(bad)).toBe(false);
    expect(validateClientFields(fields({ phone: '11.98765.4321' })).phone).toBe(
      'Use apenas números, espaços e + ( ) -, com 7 a 20 caracteres.',
    );
  });

  it('valores com espaços em volta valem pelo que sobra', () => {
    expect(validateClientFields(fields({ full_name: '  Ana  ', email: ' ana@empresa.com.br ', phone: ' 3222445 ' }))).toEqual({});
  });
});

describe('mensagens pt-BR das restrições do banco', () => {
  it('cada restrição de clients vira a mensagem do campo; outra qualquer, nada', () => {
    const msg = (c: string) => `new row for relation "clients" violates check constraint "${c}"`;
    expect(clientConstraintMessage(msg('clients_phone_format_check'))).toBe(CLIENT_MESSAGES.phoneInvalid);
    expect(clientConstraintMessage(msg('clients_full_name_length_check'))).toBe(CLIENT_MESSAGES.nameTooLong);
    expect(clientConstraintMessage(msg('clients_full_name_check'))).toBe(CLIENT_MESSAGES.nameRequired);
    expect(clientConstraintMessage(msg('clients_company_name_length_check'))).toBe(CLIENT_MESSAGES.companyTooLong);
    expect(clientConstraintMessage(msg('clients_email_plain_check'))).toBe(CLIENT_MESSAGES.emailInvalid);
    expect(clientConstraintMessage(msg('clients_status_check'))).toBeNull();
  });

  it('describeSaveError: restrição conhecida em pt-BR, outra com o texto do servidor, e um texto para o desconhecido', () => {
    expect(describeSaveError(new DataError('x violates check constraint "clients_phone_format_check"', '23514'))).toBe(CLIENT_MESSAGES.phoneInvalid);
    expect(describeSaveError(new DataError('violates check constraint "clients_status_check"', '23514'))).toBe(
      'Verifique os campos preenchidos. (violates check constraint "clients_status_check")',
    );
    expect(describeSaveError(new Error('boom'))).toBe('Não foi possível salvar o cliente.');
  });

  it('a pergunta antes de excluir nomeia o cliente', () => {
    expect(clientDeleteQuestion('Ana')).toBe('Tem certeza que deseja excluir o cliente "Ana"? Esta ação não pode ser desfeita.');
  });
});

describe('o que cada formulário envia', () => {
  const values = { ...EMPTY_CLIENT_FORM, full_name: 'Ana', email: 'ana@x.com', admin_notes: 'nota', account_manager_id: 'm1', source: '' as const };

  it('o do CRM não envia notas internas nem gerente (ficam como estão no banco)', () => {
    const sent = toClientValues('crm', values);
    expect(sent).not.toHaveProperty('admin_notes');
    expect(sent).not.toHaveProperty('account_manager_id');
    expect(sent).toMatchObject({ status: 'lead', source: null });
  });

  it('o do admin envia as notas e o gerente (nenhum = null)', () => {
    expect(toClientValues('admin', values)).toMatchObject({ admin_notes: 'nota', account_manager_id: 'm1' });
    expect(toClientValues('admin', { ...values, account_manager_id: '' }).account_manager_id).toBeNull();
  });
});

describe('createClient e updateClient', () => {
  const id = '00000000-0000-4000-8000-0000000000d1';
  const stamp = '2026-11-24T10:00:00.000Z';

  it('o admin cria um cliente da agência (sem dono); um cliente, um contato do próprio CRM', async () => {
    sb().signedIn.role = 'admin';
    sb().answer({ data: { id } });
    await createClient(id, { full_name: ' Ana ', email: 'ana@x.com', phone: ' ', company_name: '' });
    const adminInsert = sb().last('clients').find((c) => c[0] === 'insert')!;
    expect(adminInsert[1]).toMatchObject({ id, full_name: 'Ana', phone: null, company_name: null, status: 'lead', owner_user_id: null });

    sb().reset();
    sb().answer({ data: { id } });
    await createClient(id, { full_name: 'Ana', email: 'ana@x.com' });
    const userInsert = sb().last('clients').find((c) => c[0] === 'insert')!;
    expect(userInsert[1]).toMatchObject({ owner_user_id: 'u1' });
    expect(userInsert[1]).not.toHaveProperty('admin_notes');
  });

  it('updateClient só grava sobre a versão carregada (eq updated_at)', async () => {
    sb().answer({ data: { id, full_name: 'Ana' } });
    await updateClient(id, { full_name: 'Ana', email: 'ana@x.com' }, stamp);
    const calls = sb().last('clients');
    expect(calls[0]![0]).toBe('update');
    expect(calls).toContainEqual(['eq', 'id', id]);
    expect(calls).toContainEqual(['eq', 'updated_at', stamp]);
  });

  it('nada gravado e o cliente ainda existe: ConflictError com a mensagem do formulário', async () => {
    sb().answer({ data: null }, { data: { id } });
    const error = await updateClient(id, { full_name: 'Ana', email: 'ana@x.com' }, stamp).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as Error).message).toBe(CLIENT_CONFLICT_MESSAGE);
  });

  it('nada gravado e o cliente sumiu: NotFoundError', async () => {
    sb().answer({ data: null }, { data: null, error: { message: 'JSON object requested, multiple (or no) rows returned', code: 'PGRST116' }, status: 406 });
    await expect(updateClient(id, { full_name: 'Ana', email: 'ana@x.com' }, stamp)).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('endereços de edição', () => {
  it('lê o id de /admin/clients/edit/<id> (e não confunde com o detalhe)', () => {
    expect(clientIdFromPath('/admin/clients/edit/abc-123/')).toBe('abc-123');
    expect(clientIdFromPath('/admin/clients/edit/')).toBe('');
  });
});
