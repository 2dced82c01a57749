// The inline guard of signed-in screens, run as the browser would run it before the first paint.
import { describe, expect, it } from 'vitest';
import { earlyGuardScript } from '../../src/lib/public/early-guard';

function run(stored: string | null, requireAdmin: boolean): string | null {
  let target: string | null = null;
  const localStorage = { getItem: (k: string) => (k === 'sb-127-auth-token' ? stored : null) };
  const location = { replace: (to: string) => (target = to) };
  new Function('localStorage', 'location', earlyGuardScript('http://127.0.0.1:54321', requireAdmin))(localStorage, location);
  return target;
}

const session = (role?: string) =>
  JSON.stringify({ access_token: 'a', refresh_token: 'r', expires_at: 1, user: { id: 'u', app_metadata: role ? { role } : {} } });

describe('guarda inline das telas logadas', () => {
  it('sem sessão guardada (ou com uma corrompida ou incompleta) vai para /login antes de pintar', () => {
    expect(run(null, false)).toBe('/login');
    expect(run('{quebrado', false)).toBe('/login');
    expect(run(JSON.stringify({ access_token: 'a' }), false)).toBe('/login');
  });

  it('lê a sessão na chave que o supabase-js usa para a URL do Supabase da página', () => {
    let key = '';
    const localStorage = { getItem: (k: string) => ((key = k), null) };
    new Function('localStorage', 'location', earlyGuardScript('https://abcd.supabase.co', false))(localStorage, { replace() {} });
    expect(key).toBe('sb-abcd-auth-token');
  });

  it('com sessão guardada, mesmo vencida (o cliente de auth a renova), fica na página', () => {
    expect(run(session(), false)).toBeNull();
  });

  it('numa tela do admin, quem não é admin vai para /dashboard; o admin fica', () => {
    expect(run(session(), true)).toBe('/dashboard');
    expect(run(session('admin'), true)).toBeNull();
    expect(run(null, true)).toBe('/login');
  });
});
