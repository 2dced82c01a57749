// The stored session a signed-in screen starts with, before the auth client has loaded.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SUPABASE_URL, restBaseUrl } from '../../src/lib/data/session-key';
import { authTokenKey } from '../../src/lib/util/session-storage-key';
import { freshStoredSession } from '../../src/lib/data/stored-session';

const items = new Map<string, string>();
const storage = { getItem: (k: string) => items.get(k) ?? null };
const NOW = 1_800_000_000_000;
const session = (expiresInS: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    access_token: 'a.b.c',
    refresh_token: 'r',
    expires_at: NOW / 1000 + expiresInS,
    user: { id: 'u1', app_metadata: { role: 'user' } },
    ...extra,
  });

beforeEach(() => {
  items.clear();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

describe('sessão guardada no navegador', () => {
  it('é usada enquanto o token vale por mais de um minuto', () => {
    items.set(authTokenKey(SUPABASE_URL), session(3600));
    expect(freshStoredSession(NOW)?.user.id).toBe('u1');
  });

  it('vencida ou a menos de um minuto de vencer, fica para o cliente de auth (que sabe renovar)', () => {
    items.set(authTokenKey(SUPABASE_URL), session(30));
    expect(freshStoredSession(NOW)).toBeNull();
    items.set(authTokenKey(SUPABASE_URL), session(-10));
    expect(freshStoredSession(NOW)).toBeNull();
  });

  it('incompleta ou corrompida não conta como sessão', () => {
    expect(freshStoredSession(NOW)).toBeNull();
    items.set(authTokenKey(SUPABASE_URL), '{quebrado');
    expect(freshStoredSession(NOW)).toBeNull();
    items.set(authTokenKey(SUPABASE_URL), session(3600, { refresh_token: undefined }));
    expect(freshStoredSession(NOW)).toBeNull();
    items.set(authTokenKey(SUPABASE_URL), session(3600, { user: null }));
    expect(freshStoredSession(NOW)).toBeNull();
    vi.unstubAllGlobals();
    expect(freshStoredSession(NOW), 'sem localStorage (fora do navegador)').toBeNull();
  });
});

describe('para onde vão as chamadas REST', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("pela origem do site, a página chama o próprio endereço; direto, a URL do Supabase (com a barra final)", () => {
    vi.stubGlobal('location', { origin: 'https://portal.exemplo.com.br' });
    expect(restBaseUrl(true, 'https://abc.supabase.co')).toBe('https://portal.exemplo.com.br/');
    expect(restBaseUrl(false, 'https://abc.supabase.co')).toBe('https://abc.supabase.co/');
  });

  it('fora do navegador (o build gravando as primeiras requisições) é sempre a URL do Supabase', () => {
    expect(typeof location).toBe('undefined');
    expect(restBaseUrl(true, 'https://abc.supabase.co/')).toBe('https://abc.supabase.co/');
  });
});
