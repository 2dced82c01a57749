import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session, User } from '@supabase/supabase-js';

// The auth store talks to Supabase only through src/lib/data/supabase: replace that module with a fake client.
const fake = vi.hoisted(() => ({
  auth: {
    onAuthStateChange: vi.fn(),
    signInWithPassword: vi.fn(),
    signUp: vi.fn(),
    resend: vi.fn(),
    resetPasswordForEmail: vi.fn(),
    updateUser: vi.fn(),
    signOut: vi.fn(),
  },
}));
vi.mock('../../src/lib/data/supabase', () => ({ supabase: fake, SUPABASE_URL: 'http://127.0.0.1:54321' }));

import { $auth, handleAuthEvent, initAuth, signOut } from '../../src/lib/stores/auth';
import { resendConfirmation, sendResetEmail, signIn, signUp, updatePassword } from '../../src/lib/stores/account-actions';
import { $toasts } from '../../src/lib/stores/toast';

function user(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    aud: 'authenticated',
    email: 'cliente@exemplo.com.br',
    email_confirmed_at: '2024-01-01T00:00:00Z',
    app_metadata: { provider: 'email' },
    user_metadata: { full_name: 'Cliente Demonstração', role: 'admin' },
    created_at: '2024-01-01T00:00:00Z',
    ...overrides,
  } as User;
}

function session(u: User): Session {
  return { access_token: 'a', refresh_token: 'r', expires_in: 3600, token_type: 'bearer', user: u } as Session;
}

const OFFLINE = 'Não foi possível conectar ao servidor. Verifique sua conexão.';

function lastToast() {
  return $toasts.get()[0];
}

function authError(message: string, code?: string, status = 400) {
  return Object.assign(new Error(message), { name: 'AuthApiError', code, status, __isAuthError: true });
}

beforeEach(() => {
  vi.clearAllMocks();
  $toasts.set([]);
  $auth.set({ user: null, userRole: null, isAuthenticated: false, loading: true });
});

describe('eventos de autenticação', () => {
  it('no build (sem window) initAuth não assina nada e a loja segue carregando, como o HTML da página mostra', () => {
    initAuth();
    expect(fake.auth.onAuthStateChange).not.toHaveBeenCalled();
    expect($auth.get().loading).toBe(true);
  });

  it('initAuth assina os eventos do Supabase uma única vez', () => {
    // A browser page with no stored session and nothing auth-related in its URL.
    vi.stubGlobal('window', { location: { hash: '', search: '' } });
    try {
      initAuth();
      initAuth();
      expect(fake.auth.onAuthStateChange).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('INITIAL_SESSION sem sessão termina o carregamento deslogado', () => {
    handleAuthEvent('INITIAL_SESSION', null);
    expect($auth.get()).toEqual({ user: null, userRole: null, isAuthenticated: false, loading: false });
  });

  it('SIGNED_IN com email confirmado autentica com papel "user" por padrão (user_metadata não conta)', () => {
    handleAuthEvent('SIGNED_IN', session(user()));
    expect($auth.get()).toMatchObject({ isAuthenticated: true, userRole: 'user', loading: false });
    expect($auth.get().user?.id).toBe('u1');
  });

  it('o papel vem de app_metadata.role', () => {
    handleAuthEvent('INITIAL_SESSION', session(user({ app_metadata: { role: 'admin' } })));
    expect($auth.get()).toMatchObject({ isAuthenticated: true, userRole: 'admin' });
  });

  it('telefone confirmado também autentica', () => {
    handleAuthEvent('TOKEN_REFRESHED', session(user({ email_confirmed_at: undefined, phone_confirmed_at: '2024-01-01T00:00:00Z' })));
    expect($auth.get().isAuthenticated).toBe(true);
  });

  it('email não confirmado guarda o usuário sem autenticar e mostra "Email não confirmado"', () => {
    handleAuthEvent('SIGNED_IN', session(user({ email_confirmed_at: undefined })));
    expect($auth.get()).toMatchObject({ isAuthenticated: false, userRole: null, loading: false });
    expect($auth.get().user?.id).toBe('u1');
    expect(lastToast()).toMatchObject({ title: 'Email não confirmado', variant: 'destructive' });
  });

  it('PASSWORD_RECOVERY guarda o usuário sem autenticar e mostra "Pronto para redefinir!"', () => {
    handleAuthEvent('PASSWORD_RECOVERY', session(user()));
    expect($auth.get()).toMatchObject({ isAuthenticated: false, loading: false });
    expect($auth.get().user?.id).toBe('u1');
    expect(lastToast()).toMatchObject({ title: 'Pronto para redefinir!', description: 'Você pode definir sua nova senha agora.' });
  });

  it('USER_UPDATED atualiza o usuário guardado', () => {
    handleAuthEvent('SIGNED_IN', session(user()));
    handleAuthEvent('USER_UPDATED', session(user({ user_metadata: { full_name: 'Novo Nome' } })));
    expect($auth.get().user?.user_metadata.full_name).toBe('Novo Nome');
  });

  it('SIGNED_OUT limpa usuário e papel', () => {
    handleAuthEvent('SIGNED_IN', session(user({ app_metadata: { role: 'admin' } })));
    handleAuthEvent('SIGNED_OUT', null);
    expect($auth.get()).toEqual({ user: null, userRole: null, isAuthenticated: false, loading: false });
  });
});

describe('signIn', () => {
  it('sucesso: autentica e mostra "Autenticação bem-sucedida!"', async () => {
    fake.auth.signInWithPassword.mockResolvedValue({ data: { user: user(), session: session(user()) }, error: null });
    await expect(signIn('cliente@exemplo.com.br', 'cliente123')).resolves.toEqual({ success: true });
    expect(fake.auth.signInWithPassword).toHaveBeenCalledWith({ email: 'cliente@exemplo.com.br', password: 'cliente123' });
    expect($auth.get().isAuthenticated).toBe(true);
    expect(lastToast()).toMatchObject({ title: 'Autenticação bem-sucedida!', description: 'Bem-vindo!' });
  });

  it('credenciais erradas: "Credenciais inválidas" e estado limpo', async () => {
    handleAuthEvent('SIGNED_IN', session(user()));
    fake.auth.signInWithPassword.mockResolvedValue({ data: { user: null, session: null }, error: authError('Invalid login credentials', 'invalid_credentials') });
    const result = await signIn('x@y.z', 'errada');
    expect(result).toEqual({ success: false, errorType: 'invalid_credentials' });
    expect(lastToast()).toMatchObject({
      title: 'Credenciais inválidas',
      description: 'Email ou senha incorretos. Por favor, tente novamente.',
      variant: 'destructive',
    });
    expect($auth.get()).toMatchObject({ user: null, userRole: null, isAuthenticated: false });
  });

  it('email não confirmado devolve errorType email_not_confirmed', async () => {
    fake.auth.signInWithPassword.mockResolvedValue({ data: { user: null, session: null }, error: authError('Email not confirmed', 'email_not_confirmed') });
    await expect(signIn('a@b.c', '123456')).resolves.toEqual({ success: false, errorType: 'email_not_confirmed' });
    expect(lastToast()).toMatchObject({ title: 'Email não confirmado', description: 'Verifique sua caixa de entrada para confirmar seu email.' });
  });

  it('outros erros: "Falha no login" com o texto em pt-BR do código do servidor', async () => {
    fake.auth.signInWithPassword.mockResolvedValue({ data: { user: null, session: null }, error: authError('Request rate limit reached', 'over_request_rate_limit', 429) });
    const result = await signIn('a@b.c', '123456');
    expect(result.success).toBe(false);
    expect(lastToast()).toMatchObject({ title: 'Falha no login', description: 'Muitas tentativas seguidas. Aguarde alguns instantes e tente novamente.', variant: 'destructive' });
  });

  it('exceção: "Erro inesperado no login"', async () => {
    fake.auth.signInWithPassword.mockRejectedValue(new Error('Failed to fetch'));
    await expect(signIn('a@b.c', '123456')).resolves.toEqual({ success: false, errorType: 'unexpected' });
    expect(lastToast()).toMatchObject({ title: 'Erro inesperado no login', description: OFFLINE });
  });

  it('sem conexão (AuthRetryableFetchError): "Falha no login" diz em pt-BR que o servidor não foi alcançado', async () => {
    const offline = Object.assign(new Error('Failed to fetch'), { name: 'AuthRetryableFetchError', status: 0, __isAuthError: true });
    fake.auth.signInWithPassword.mockResolvedValue({ data: { user: null, session: null }, error: offline });
    await signIn('a@b.c', '123456');
    expect(lastToast()).toMatchObject({ title: 'Falha no login', description: OFFLINE, variant: 'destructive' });
  });
});

describe('signUp', () => {
  it('envia full_name e role "user" e o redirecionamento para /confirm-email', async () => {
    fake.auth.signUp.mockResolvedValue({ data: { user: user({ email_confirmed_at: undefined }), session: null }, error: null });
    await signUp('Maria Silva', 'maria@exemplo.com.br', 'segredo1');
    const arg = fake.auth.signUp.mock.calls[0][0];
    expect(arg).toMatchObject({ email: 'maria@exemplo.com.br', password: 'segredo1', options: { data: { full_name: 'Maria Silva', role: 'user' } } });
    expect(arg.options.emailRedirectTo).toMatch(/\/confirm-email$/);
  });

  it('sem sessão pede confirmação: "Registro quase lá!"', async () => {
    fake.auth.signUp.mockResolvedValue({ data: { user: user({ email_confirmed_at: undefined }), session: null }, error: null });
    await expect(signUp('Maria', 'maria@exemplo.com.br', 'segredo1')).resolves.toEqual({ success: true, needsConfirmation: true });
    expect(lastToast().title).toBe('Registro quase lá!');
    expect($auth.get().isAuthenticated).toBe(false);
  });

  it('com sessão imediata autentica: "Registro bem-sucedido!" / "Bem-vindo, {name}!"', async () => {
    fake.auth.signUp.mockResolvedValue({ data: { user: user(), session: session(user()) }, error: null });
    await expect(signUp('Maria', 'maria@exemplo.com.br', 'segredo1')).resolves.toEqual({ success: true, needsConfirmation: false });
    expect(lastToast()).toMatchObject({ title: 'Registro bem-sucedido!', description: 'Bem-vindo, Maria!' });
    expect($auth.get().isAuthenticated).toBe(true);
  });

  it('erro: "Falha no registro" com a mensagem; exceção: "Erro inesperado no registro"', async () => {
    fake.auth.signUp.mockResolvedValue({ data: { user: null, session: null }, error: authError('Password should be at least 6 characters.', 'weak_password', 422) });
    expect((await signUp('M', 'm@x.com', '1')).success).toBe(false);
    expect(lastToast()).toMatchObject({ title: 'Falha no registro', description: 'A senha deve ter pelo menos 6 caracteres.', variant: 'destructive' });
    fake.auth.signUp.mockRejectedValue(new Error('boom'));
    await signUp('M', 'm@x.com', '123456');
    expect(lastToast()).toMatchObject({ title: 'Erro inesperado no registro', variant: 'destructive' });
  });
});

describe('emails de confirmação e redefinição', () => {
  it('resendConfirmation: "Email de confirmação reenviado" ou "Erro ao reenviar email"', async () => {
    fake.auth.resend.mockResolvedValue({ data: {}, error: null });
    await expect(resendConfirmation('a@b.c')).resolves.toEqual({ success: true });
    expect(fake.auth.resend.mock.calls[0][0]).toMatchObject({ type: 'signup', email: 'a@b.c' });
    expect(lastToast().title).toBe('Email de confirmação reenviado');
    fake.auth.resend.mockResolvedValue({ data: {}, error: authError('For security purposes, you can only request this after 60 seconds.', 'over_email_send_rate_limit', 429) });
    expect((await resendConfirmation('a@b.c')).success).toBe(false);
    expect(lastToast()).toMatchObject({ title: 'Erro ao reenviar email', description: 'Aguarde 60 segundos para pedir outro e-mail.', variant: 'destructive' });
  });

  it('sendResetEmail: redireciona para /reset-password; "Email de redefinição enviado" ou "Erro ao enviar email"', async () => {
    fake.auth.resetPasswordForEmail.mockResolvedValue({ data: {}, error: null });
    await expect(sendResetEmail('a@b.c')).resolves.toEqual({ success: true });
    expect(fake.auth.resetPasswordForEmail.mock.calls[0][1].redirectTo).toMatch(/\/reset-password$/);
    expect(lastToast().title).toBe('Email de redefinição enviado');
    fake.auth.resetPasswordForEmail.mockResolvedValue({ data: null, error: authError('boom', undefined, 400) });
    await sendResetEmail('a@b.c');
    expect(lastToast()).toMatchObject({
      title: 'Erro ao enviar email',
      description: 'Os dados enviados não são válidos. Confira os campos e tente novamente.',
    });
  });
});

describe('updatePassword', () => {
  it('sucesso: "Senha redefinida com sucesso!" e o usuário sai da conta', async () => {
    handleAuthEvent('PASSWORD_RECOVERY', session(user()));
    fake.auth.updateUser.mockResolvedValue({ data: { user: user() }, error: null });
    fake.auth.signOut.mockResolvedValue({ error: null });
    await expect(updatePassword('novaSenha1')).resolves.toEqual({ success: true });
    expect(fake.auth.updateUser).toHaveBeenCalledWith({ password: 'novaSenha1' });
    expect(fake.auth.signOut).toHaveBeenCalled();
    expect($auth.get()).toMatchObject({ user: null, isAuthenticated: false });
    expect(lastToast()).toMatchObject({ title: 'Senha redefinida com sucesso!', description: 'Você já pode fazer login com sua nova senha.' });
  });

  it('erro: "Erro ao redefinir senha" com a mensagem', async () => {
    fake.auth.updateUser.mockResolvedValue({ data: { user: null }, error: authError('New password should be different from the old password.', 'same_password', 422) });
    expect((await updatePassword('123456')).success).toBe(false);
    expect(lastToast()).toMatchObject({ title: 'Erro ao redefinir senha', description: 'A nova senha deve ser diferente da senha atual.' });
  });
});

describe('signOut', () => {
  it('sucesso: limpa o estado e mostra "Logout realizado"', async () => {
    handleAuthEvent('SIGNED_IN', session(user({ app_metadata: { role: 'admin' } })));
    fake.auth.signOut.mockResolvedValue({ error: null });
    await expect(signOut()).resolves.toEqual({ success: true });
    expect($auth.get()).toMatchObject({ user: null, userRole: null, isAuthenticated: false });
    expect(lastToast()).toMatchObject({ title: 'Logout realizado', description: 'Você saiu da sua conta.' });
  });

  it('erro do servidor: "Erro ao sair", mas a sessão local é removida mesmo assim', async () => {
    handleAuthEvent('SIGNED_IN', session(user()));
    fake.auth.signOut.mockResolvedValueOnce({ error: authError('Internal error', undefined, 500) }).mockResolvedValueOnce({ error: null });
    await expect(signOut()).resolves.toMatchObject({ success: false });
    expect(fake.auth.signOut).toHaveBeenLastCalledWith({ scope: 'local' });
    expect($auth.get()).toMatchObject({ user: null, isAuthenticated: false });
    expect(lastToast()).toMatchObject({ title: 'Erro ao sair', variant: 'destructive' });
  });

  it('exceção: "Erro inesperado" e estado limpo', async () => {
    handleAuthEvent('SIGNED_IN', session(user()));
    fake.auth.signOut.mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ error: null });
    await signOut();
    expect($auth.get().user).toBeNull();
    expect(lastToast()).toMatchObject({ title: 'Erro inesperado', description: 'Ocorreu um erro inesperado. Tente novamente em instantes.' });
  });
});
