// @vitest-environment happy-dom
// The scripts that read the stored session before anything paints, compiled as the build compiles them and run in a
// real DOM: the guard of the signed-in screens (src/boot/guard.ts) and the public pages' hint (session-hint.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootScript } from '../../src/boot/compile';
import { authTokenKey } from '../../src/lib/util/session-storage-key';

const API = 'https://abcd.supabase.co';
const session = (role?: string, user: object = { id: 'u1', app_metadata: role ? { role } : {} }) =>
  JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 1, user });

/** Runs the compiled `entry` with `stored` in localStorage; returns where the page was sent, or null. */
function run(entry: 'guard' | 'session-hint' | 'frame', config: object, stored: string | null): string | null {
  localStorage.clear();
  if (stored !== null) localStorage.setItem(authTokenKey(API), stored);
  const replace = vi.fn();
  vi.stubGlobal('location', { pathname: '/profile', search: '', origin: 'https://portal.exemplo.com.br', replace });
  new Function(bootScript(entry, { apiUrl: API, ...config }))();
  return replace.mock.calls[0]?.[0] ?? null;
}

afterEach(() => vi.unstubAllGlobals());

describe('guarda inline das telas logadas', () => {
  const guard = (stored: string | null, admin = false) => run('guard', { admin }, stored);

  it('sem sessão guardada (ou corrompida, sem token, sem usuário) vai para /login antes de pintar', () => {
    for (const stored of [null, '{quebrado', JSON.stringify({ access_token: 'a' }), session(undefined, null as never)]) {
      expect(guard(stored), String(stored)).toBe('/login');
    }
  });

  it('lê a sessão na chave que o supabase-js usa para a URL da página; outra chave não conta', () => {
    expect(authTokenKey(API)).toBe('sb-abcd-auth-token');
    expect(authTokenKey('http://127.0.0.1:54321')).toBe('sb-127-auth-token');
    localStorage.setItem('sb-outro-auth-token', session());
    expect(guard(null)).toBe('/login');
  });

  it('com sessão guardada, mesmo vencida (o cliente de auth a renova), fica na página', () => {
    expect(guard(session())).toBeNull();
  });

  it('numa tela do admin, quem não é admin vai para /dashboard (o papel de user_metadata não conta); o admin fica', () => {
    expect(guard(session(), true)).toBe('/dashboard');
    expect(guard(session(undefined, { id: 'u1', user_metadata: { role: 'admin' } }), true)).toBe('/dashboard');
    expect(guard(session('admin'), true)).toBeNull();
    expect(guard(null, true)).toBe('/login');
  });
});

describe('dica de sessão das páginas públicas', () => {
  it('em /login e /register, quem tem sessão vai para a sua página: o admin ao console, os outros ao /dashboard', () => {
    expect(run('session-hint', { then: 'leave' }, session('admin'))).toBe('/admin/dashboard');
    expect(run('session-hint', { then: 'leave' }, session())).toBe('/dashboard');
    expect(run('session-hint', { then: 'leave' }, null)).toBeNull();
    expect(run('session-hint', { then: 'leave' }, '{quebrado')).toBeNull();
  });

  it('no cabeçalho, com sessão mostra os botões de quem entrou e esconde os outros; sem sessão não muda nada', () => {
    const header = '<a data-auth-when="out">Entrar</a><a data-auth-when="in" hidden>Dashboard</a>';
    const shown = () => [...document.querySelectorAll<HTMLElement>('[data-auth-when]')].filter((a) => !a.hidden).map((a) => a.textContent);
    document.body.innerHTML = header;
    expect(run('session-hint', { then: 'header' }, null)).toBeNull();
    expect(shown()).toEqual(['Entrar']);
    expect(run('session-hint', { then: 'header' }, session())).toBeNull();
    expect(shown()).toEqual(['Dashboard']);
  });
});

describe('o primeiro script da página logada (frame: guarda, eventos e a requisição da casca)', () => {
  const request = { method: 'GET', path: 'rest/v1/app_settings?select=*', headers: { accept: 'application/json' }, body: null };
  const fresh = () => JSON.stringify({ ...JSON.parse(session()), expires_at: Math.floor(Date.now() / 1000) + 3600 });

  it('sem sessão vai para /login e não pede nada; com sessão válida fica e pede com o token guardado', () => {
    const fetch = vi.fn(async () => new Response('{}'));
    for (const [stored, to, sent] of [[null, '/login', 0], [fresh(), null, 1]] as const) {
      fetch.mockClear();
      delete window.__earlyRequests;
      vi.stubGlobal('fetch', fetch);
      expect(run('frame', { admin: false, restBase: `${API}/`, requests: [request] }, stored)).toBe(to);
      expect(fetch).toHaveBeenCalledTimes(sent);
      expect(window.__earlyRequests ?? []).toHaveLength(sent);
    }
    expect(new Headers((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).get('Authorization')).toBe('Bearer a');
  });
});
