import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeSupabase } from './clients-fake-supabase';

const fake = vi.hoisted(() => ({ current: null as ReturnType<typeof createFakeSupabase> | null }));
vi.mock('../../src/lib/data/supabase', async () => {
  const { createFakeSupabase } = await import('./clients-fake-supabase');
  fake.current = createFakeSupabase();
  return { supabase: fake.current.client };
});

import { DataError } from '../../src/lib/data/data-errors';
import { SETTINGS_FORBIDDEN, getAppSettings, updateAppSettings } from '../../src/lib/data/app-settings';
import { listAccounts, listTeam } from '../../src/lib/data/team';
import { $appSettings, loadAppSettings, setAppSettings } from '../../src/lib/stores/app-settings';

const sb = () => fake.current!;
beforeEach(() => sb().reset());

const row = { app_name: 'Portal IA', logo_url: null, admin_email: 'admin@exemplo.com.br', contact_email: 'contato@portalia.com.br', updated_at: '2026-11-24T10:00:00Z' };

describe('configurações do portal', () => {
  it('lê a única linha de app_settings', async () => {
    sb().answer({ data: row });
    expect(await getAppSettings()).toEqual(row);
    const calls = sb().last('app_settings');
    expect(calls).toContainEqual(['select', 'app_name,logo_url,admin_email,contact_email,updated_at']);
    expect(calls).toContainEqual(['single']);
  });

  it('grava os três valores na linha e devolve o que o banco guardou', async () => {
    const saved = { ...row, app_name: 'Agência Aurora' };
    sb().answer({ data: [saved] });
    const input = { app_name: 'Agência Aurora', logo_url: null, admin_email: 'admin@exemplo.com.br', contact_email: 'contato@portalia.com.br' };
    expect(await updateAppSettings(input)).toEqual(saved);
    const calls = sb().last('app_settings');
    expect(calls).toContainEqual(['update', input]);
    expect(calls).toContainEqual(['eq', 'id', true]);
  });

  it('quem não é admin não grava nada: a RLS esconde a linha e o erro diz que só administradores alteram', async () => {
    sb().answer({ data: [] });
    const error = await updateAppSettings({ app_name: 'X', logo_url: null, admin_email: 'a@b.com', contact_email: 'contato@portalia.com.br' }).catch((e) => e);
    expect(error).toBeInstanceOf(DataError);
    expect(error).toMatchObject({ message: SETTINGS_FORBIDDEN, code: '42501' });
  });

  it('a recusa do banco chega com a mensagem em pt-BR e o código 23514', async () => {
    sb().answer({ data: null, error: { message: 'A URL do logo deve começar com https://.', code: '23514' }, status: 400 });
    await expect(updateAppSettings({ app_name: 'X', logo_url: 'http://x', admin_email: 'a@b.com', contact_email: 'contato@portalia.com.br' })).rejects.toMatchObject({
      message: 'A URL do logo deve começar com https://.',
      code: '23514',
    });
  });
});

describe('equipe e contas', () => {
  it('a equipe vem de admin_team com as contagens como números', async () => {
    sb().answer({ data: [{ id: 'a1', full_name: 'Ana', email: 'ana@x.com', open_tasks: '3', tickets_answered_30d: 2 }] });
    expect(await listTeam()).toEqual([{ id: 'a1', full_name: 'Ana', email: 'ana@x.com', open_tasks: 3, tickets_answered_30d: 2 }]);
    expect(sb().rpcs).toEqual([{ fn: 'admin_team', args: undefined }]);
  });

  it('um cliente recebe o 403 do banco como DataError', async () => {
    sb().answer({ data: null, error: { message: 'permission denied', code: '42501' }, status: 403 });
    await expect(listTeam()).rejects.toMatchObject({ code: '42501', status: 403 });
  });

  it('contas: uma página pedindo uma linha a mais; papel desconhecido conta como cliente', async () => {
    const accounts = Array.from({ length: 3 }, (_, i) => ({ id: `u${i}`, full_name: null, email: `u${i}@x.com`, role: i === 0 ? 'admin' : 'other', created_at: '2026-11-01T00:00:00Z' }));
    sb().answer({ data: accounts });
    const page = await listAccounts({ offset: 4, limit: 2 });
    expect(sb().rpcs).toEqual([{ fn: 'admin_users', args: { page_offset: 4, page_limit: 3 } }]);
    expect(page.hasMore).toBe(true);
    expect(page.rows.map((a) => a.role)).toEqual(['admin', 'user']);
  });
});

describe('as configurações na área logada', () => {
  it('são lidas uma vez por carregamento de página; salvar troca o valor sem nova leitura', async () => {
    sb().answer({ data: row });
    loadAppSettings();
    loadAppSettings();
    await vi.waitFor(() => expect($appSettings.get()).toEqual(row));
    expect(sb().queries.filter((q) => q.table === 'app_settings')).toHaveLength(1);
    setAppSettings({ ...row, app_name: 'Agência Aurora' });
    loadAppSettings();
    expect($appSettings.get()?.app_name).toBe('Agência Aurora');
    expect(sb().queries.filter((q) => q.table === 'app_settings')).toHaveLength(1);
  });
});
