import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@supabase/supabase-js';

vi.mock('../../src/lib/data/supabase', () => ({ supabase: { auth: { onAuthStateChange: vi.fn() } }, SUPABASE_URL: 'http://127.0.0.1:54321' }));

import { guardDecision } from '../../src/components/RouteGuard';
import { isActive } from '../../src/components/shell/AppShell';
import { displayName, initialsOf } from '../../src/components/shell/Avatar';
import { authTokenKey } from '../../src/lib/util/session-storage-key';
import { hasStoredSession, homeForRole, storedSessionHome } from '../../src/lib/public/session-hint';

const user = (meta: Record<string, unknown> = {}, email = 'maria@exemplo.com.br') => ({ id: 'u', email, user_metadata: meta }) as unknown as User;

describe('guarda de rota', () => {
  const base = { user: user(), userRole: 'user' as const, isAuthenticated: true, loading: false };
  it('espera enquanto a sessão carrega', () => {
    expect(guardDecision({ ...base, loading: true }, false)).toBe('loading');
  });
  it('sem sessão (ou e-mail não confirmado) vai para /login', () => {
    expect(guardDecision({ user: null, userRole: null, isAuthenticated: false, loading: false }, false)).toBe('login');
    expect(guardDecision({ ...base, isAuthenticated: false, userRole: null }, false)).toBe('login');
  });
  it('não-admin numa rota admin vai para /dashboard; admin entra', () => {
    expect(guardDecision(base, true)).toBe('dashboard');
    expect(guardDecision({ ...base, userRole: 'admin' }, true)).toBe('allow');
    expect(guardDecision(base, false)).toBe('allow');
  });
});

describe('barra lateral', () => {
  it('link ativo pelo prefixo da rota', () => {
    expect(isActive('/projects/_/', '/projects')).toBe(true);
    expect(isActive('/projects', '/projects')).toBe(true);
    expect(isActive('/projects-x', '/projects')).toBe(false);
    expect(isActive('/dashboard/', '/dashboard')).toBe(true);
    expect(isActive('/admin/clients/new', '/admin/clients')).toBe(true);
  });
  it('avatar: iniciais do nome, senão primeira letra do e-mail', () => {
    expect(initialsOf(user({ full_name: 'Cliente Demonstração' }))).toBe('CD');
    expect(initialsOf(user({ full_name: 'Ana' }))).toBe('A');
    expect(initialsOf(user({}, 'zeca@x.com'))).toBe('Z');
  });
  it('nome ou e-mail', () => {
    expect(displayName(user({ full_name: '  Joana Prado ' }))).toBe('Joana Prado');
    expect(displayName(user({}))).toBe('maria@exemplo.com.br');
  });
});

describe('session-hint (sem supabase-js)', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('calcula a chave do localStorage como o supabase-js', () => {
    expect(authTokenKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
    expect(authTokenKey('http://localhost:54321')).toBe('sb-localhost-auth-token');
    expect(authTokenKey('https://abcd.supabase.co')).toBe('sb-abcd-auth-token');
  });
  it('diz se há sessão guardada', () => {
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null });
    expect(hasStoredSession('http://127.0.0.1:54321')).toBe(false);
    store.set('sb-127-auth-token', JSON.stringify({ access_token: 'a', refresh_token: 'r', user: { id: 'u1' } }));
    expect(hasStoredSession('http://127.0.0.1:54321')).toBe(true);
    // Without its user a session is no session, as for the signed-in screens' guard.
    store.set('sb-127-auth-token', JSON.stringify({ access_token: 'a', refresh_token: 'r' }));
    expect(hasStoredSession('http://127.0.0.1:54321')).toBe(false);
    store.set('sb-127-auth-token', '{quebrado');
    expect(hasStoredSession('http://127.0.0.1:54321')).toBe(false);
  });
  it('um admin entra pelo /admin/dashboard e os clientes pelo /dashboard, pelo papel da sessão guardada', () => {
    expect(homeForRole('admin')).toBe('/admin/dashboard');
    expect(homeForRole('user')).toBe('/dashboard');
    expect(homeForRole(null)).toBe('/dashboard');
    const store = new Map<string, string>();
    vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null });
    const api = 'http://127.0.0.1:54321';
    expect(storedSessionHome(api)).toBeNull();
    const session = (role?: string) => JSON.stringify({ access_token: 'a', refresh_token: 'r', user: { id: 'u1', app_metadata: role ? { role } : {} } });
    store.set('sb-127-auth-token', session('admin'));
    expect(storedSessionHome(api)).toBe('/admin/dashboard');
    store.set('sb-127-auth-token', session());
    expect(storedSessionHome(api)).toBe('/dashboard');
    // The role a user could write (user_metadata) does not count: only app_metadata, which only the server writes.
    store.set('sb-127-auth-token', JSON.stringify({ access_token: 'a', refresh_token: 'r', user: { id: 'u1', user_metadata: { role: 'admin' } } }));
    expect(storedSessionHome(api)).toBe('/dashboard');
  });
});

describe('guarda depois que a página apareceu', () => {
  it('perder a sessão não tira o usuário da página (o que ele digitou fica); antes de aparecer, vai para /login', async () => {
    const { keepShownPage } = await import('../../src/components/RouteGuard');
    expect(keepShownPage('login', true)).toBe('allow');
    expect(keepShownPage('login', false)).toBe('login');
    expect(keepShownPage('dashboard', true)).toBe('dashboard');
    expect(keepShownPage('loading', true)).toBe('loading');
  });
});
