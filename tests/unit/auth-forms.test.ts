// The React-free authentication pages: validation texts, link parsing, and gotrue-lite's wire format —
// what it sends to GoTrue and how it stores a session so that supabase-js (auth-js) later finds it.
import { AuthClient } from '@supabase/auth-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmationFromHash, isRecoveryHash, parseConfirmParams, recoveryLinkError } from '../../src/lib/public/auth-links';
import { validateForgot, validateLogin, validateRegister, validateReset } from '../../src/lib/public/auth-validation';
import { GoTrueError, saveSession, sessionFromHash, storedSession, verifyTokenHash } from '../../src/lib/public/gotrue-lite';
import { authTokenKey } from '../../src/lib/util/session-storage-key';

const API = 'http://127.0.0.1:54321';
const KEY = authTokenKey(API);
const USER = { id: '7b1c0a52-1f0e-4d2c-9a57-0d3c1e2f4a5b', email: 'ana@exemplo.com.br', email_confirmed_at: '2026-01-01T00:00:00Z', aud: 'authenticated' };

class MemoryStorage {
  data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

describe('validação, como nas telas em React', () => {
  it('login, cadastro, esqueci e redefinir dão os mesmos títulos e mensagens', () => {
    expect(validateLogin('', '')?.description).toBe('Por favor, preencha email e senha.');
    expect(validateLogin('a@b.co', 'x')).toBeNull();
    expect(validateRegister({ name: 'A', email: 'a@b.co', password: 'segredo-1', confirm: 'segredo-2' })).toEqual({
      title: 'Erro de Validação',
      description: 'As senhas não coincidem.',
      fields: { confirm: 'As senhas não coincidem.' },
    });
    expect(validateRegister({ name: 'A', email: 'a@b.co', password: '12345', confirm: '12345' })?.fields).toEqual({
      password: 'A senha deve ter pelo menos 6 caracteres.',
    });
    expect(validateForgot(' ')?.title).toBe('Campo obrigatório');
    expect(validateReset('abc', 'abc')?.title).toBe('Senha muito curta');
  });

  it('login, cadastro e esqueci recusam um e-mail em formato inválido antes de chamar o servidor', () => {
    const invalid = { title: 'E-mail inválido', description: 'Informe um e-mail válido.', fields: { email: 'Informe um e-mail válido.' } };
    // An empty label (the auth server refuses it too), no domain, spaces, no @, a label over 63 characters.
    for (const email of ['cliente@exemplo..com', 'cliente@exemplo', 'cli ente@exemplo.com', 'cliente.exemplo.com', `a@${'b'.repeat(64)}.com`]) {
      expect(validateLogin(email, 'segredo-1')).toEqual(invalid);
      expect(validateRegister({ name: 'Ana', email, password: 'segredo-1', confirm: 'segredo-1' })).toEqual(invalid);
      expect(validateForgot(email)).toEqual(invalid);
    }
    // Spaces around a good address are not the address's: they are trimmed as the pages trim them.
    expect(validateLogin('  cliente@exemplo.com.br ', 'x')).toBeNull();
    expect(validateRegister({ name: 'Ana', email: 'ana.maria+crm@empresa.com.br', password: 'segredo-1', confirm: 'segredo-1' })).toBeNull();
    expect(validateForgot(`a@${'b'.repeat(63)}.com`)).toBeNull();
    // A missing field is still said first.
    expect(validateLogin('cliente@exemplo..com', '')?.title).toBe('Campos obrigatórios');
  });

  it('lê os links de confirmação e de recuperação', () => {
    expect(parseConfirmParams('?token_hash=abc&type=signup')).toEqual({ ok: true, tokenHash: 'abc', type: 'signup', key: '' });
    expect(parseConfirmParams('')).toEqual({ ok: false, message: 'Link de confirmação inválido ou incompleto.' });
    expect(parseConfirmParams('?token_hash=abc&type=recovery')).toEqual({ ok: false, message: 'Tipo de confirmação inválido.' });
    expect(confirmationFromHash('#error=access_denied&error_description=Email+link+is+invalid')).toEqual({
      error: 'O link é inválido ou expirou. Peça um novo e-mail.',
    });
    expect(isRecoveryHash('#access_token=t&expires_in=3600&refresh_token=r&token_type=bearer&type=recovery')).toBe(true);
    expect(isRecoveryHash('#access_token=t&type=signup')).toBe(false);
    expect(recoveryLinkError('#error=access_denied&error_code=otp_expired')).toBe('access_denied');
    expect(recoveryLinkError('')).toBeNull();
  });
});

describe('gotrue-lite fala com o GoTrue como o auth-js', () => {
  let storage: MemoryStorage;
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    storage = new MemoryStorage();
    vi.stubGlobal('localStorage', storage);
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockReset();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('POST /auth/v1/verify com token_hash e type, apikey, Bearer da chave e X-Supabase-Api-Version', async () => {
    const now = Math.round(Date.now() / 1000);
    fetchMock.mockResolvedValue(
      Response.json({ access_token: 'a.b.c', refresh_token: 'r1', expires_in: 3600, expires_at: now + 3600, token_type: 'bearer', user: USER }),
    );
    const session = await verifyTokenHash('hash123', 'signup');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`${API}/auth/v1/verify`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token_hash: 'hash123', type: 'signup', gotrue_meta_security: {} });
    const headers = init?.headers as Record<string, string>;
    expect(headers['X-Supabase-Api-Version']).toBe('2024-01-01');
    expect(headers.Authorization).toBe(`Bearer ${headers.apikey}`);
    expect(session).toMatchObject({ access_token: 'a.b.c', refresh_token: 'r1', expires_at: now + 3600, user: USER });
  });

  it('um erro do GoTrue vira GoTrueError com o código que o auth-js daria e a mensagem em pt-BR', async () => {
    fetchMock.mockResolvedValue(Response.json({ code: 'otp_expired', message: 'Email link is invalid or has expired' }, { status: 403 }));
    const error = await verifyTokenHash('velho', 'signup').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoTrueError);
    expect(error).toMatchObject({
      message: 'O link é inválido ou expirou. Peça um novo e-mail.',
      serverMessage: 'Email link is invalid or has expired',
      status: 403,
      code: 'otp_expired',
    });
  });

  it('sem conexão, o GoTrueError diz em pt-BR que o servidor não foi alcançado', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await verifyTokenHash('qualquer', 'signup').catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: 'Não foi possível conectar ao servidor. Verifique sua conexão.',
      status: 0,
    });
  });

  it('a sessão do hash (GET /user com o access token) fica guardada onde o supabase-js a lê, sem nova requisição', async () => {
    fetchMock.mockResolvedValueOnce(Response.json(USER));
    const session = await sessionFromHash('#access_token=h.p.s&expires_in=3600&refresh_token=r2&token_type=bearer&type=recovery');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe(`${API}/auth/v1/user`);
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer h.p.s');
    saveSession(session!);
    expect(storedSession()?.user.id).toBe(USER.id);

    // auth-js, configured as src/lib/data/supabase.ts configures it, reads the stored session as its own.
    const auth = new AuthClient({ url: `${API}/auth/v1`, storageKey: KEY, storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false });
    const { data, error } = await auth.getSession();
    expect(error).toBeNull();
    expect(data.session).toMatchObject({ access_token: 'h.p.s', refresh_token: 'r2', user: { id: USER.id } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('um hash sem os quatro campos não é uma sessão (e nada é pedido ao servidor)', async () => {
    expect(await sessionFromHash('#access_token=x&type=recovery')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
