// 'Alterar senha' in the auth store: the session is checked with the server, then the current password, before the
// password changes; the other sessions are signed out; the outcome is a toast in Portuguese. And the watch that signs
// an open page out once the auth server says its session was ended elsewhere.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  auth: { onAuthStateChange: vi.fn(), getUser: vi.fn(), updateUser: vi.fn(), signOut: vi.fn() },
}));
const check = vi.hoisted(() => ({ verifyPassword: vi.fn() }));
vi.mock('../../src/lib/data/supabase', () => ({ supabase: fake, SUPABASE_URL: 'http://127.0.0.1:54321' }));
vi.mock('../../src/lib/data/password-check', () => check);

import { $auth } from '../../src/lib/stores/auth';
import { changePassword } from '../../src/lib/stores/account-actions';
import { SESSION_CHECK_MS, watchSessionEnd } from '../../src/lib/stores/session-watch';
import { $toasts } from '../../src/lib/stores/toast';

const authError = (message: string, code: string, status = 400, name = 'AuthApiError') =>
  Object.assign(new Error(message), { name, code, status, __isAuthError: true });
const lastToast = () => $toasts.get()[0];
const USER = { id: 'u1', email: 'ana@exemplo.com.br' };

beforeEach(() => {
  vi.clearAllMocks();
  $toasts.set([]);
  fake.auth.getUser.mockResolvedValue({ data: { user: USER }, error: null });
  fake.auth.updateUser.mockResolvedValue({ data: { user: USER }, error: null });
  fake.auth.signOut.mockResolvedValue({ error: null });
  check.verifyPassword.mockResolvedValue(true);
});

describe('changePassword', () => {
  it('checks the session, then the current password, sets the new one and signs the other sessions out', async () => {
    await expect(changePassword('senha-atual', 'senha-nova-1')).resolves.toEqual({ success: true });
    expect(check.verifyPassword).toHaveBeenCalledWith('ana@exemplo.com.br', 'senha-atual');
    const order = [fake.auth.getUser, check.verifyPassword, fake.auth.updateUser, fake.auth.signOut].map(
      (f) => f.mock.invocationCallOrder[0]!,
    );
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(fake.auth.updateUser).toHaveBeenCalledWith({ password: 'senha-nova-1' });
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'others' });
    expect(lastToast()).toMatchObject({ title: 'Senha alterada!' });
    expect(lastToast()?.description).toContain('outras sessões da sua conta foram encerradas');
  });

  it('a wrong current password changes nothing and says so', async () => {
    check.verifyPassword.mockResolvedValue(false);
    expect(await changePassword('errada', 'senha-nova-1')).toEqual({ success: false, errorType: 'wrong_password' });
    expect(fake.auth.updateUser).not.toHaveBeenCalled();
    expect(fake.auth.signOut).not.toHaveBeenCalled();
    expect(lastToast()).toMatchObject({ title: 'Erro ao alterar senha', description: 'A senha atual está incorreta.', variant: 'destructive' });
  });

  it('a session the server no longer accepts changes nothing and asks to sign in again', async () => {
    fake.auth.getUser.mockResolvedValue({ data: { user: null }, error: authError('Session not found', 'session_not_found', 403) });
    const result = await changePassword('senha-atual', 'senha-nova-1');
    expect(result).toEqual({ success: false, errorType: 'session_not_found' });
    expect(check.verifyPassword).not.toHaveBeenCalled();
    expect(fake.auth.updateUser).not.toHaveBeenCalled();
    expect(lastToast()).toMatchObject({ title: 'Erro ao alterar senha', variant: 'destructive' });
    expect(lastToast()?.description).toContain('Entre novamente');
  });

  it('the same password as now is explained in Portuguese', async () => {
    fake.auth.updateUser.mockResolvedValue({
      data: { user: null },
      error: authError('New password should be different from the old password.', 'same_password', 422),
    });
    expect(await changePassword('senha-atual', 'senha-atual')).toEqual({ success: false, errorType: 'same_password' });
    expect(lastToast()?.description).toBe('A nova senha deve ser diferente da senha atual.');
  });

  it('when the other sessions could not be signed out, the toast does not claim they were', async () => {
    fake.auth.signOut.mockResolvedValue({ error: authError('boom', 'unexpected_failure', 500) });
    expect(await changePassword('senha-atual', 'senha-nova-1')).toEqual({ success: true });
    expect(lastToast()?.description).toContain('não foi possível confirmar o encerramento das outras sessões');
  });
});

describe('watchSessionEnd', () => {
  let stored: string | null = null;
  let stop: () => void = () => undefined;
  const replace = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    $auth.set({ user: USER as never, userRole: 'user', isAuthenticated: true, loading: false });
    vi.stubGlobal('window', {
      location: { replace, assign: vi.fn() },
      setInterval: (fn: () => void, ms: number) => setInterval(fn, ms),
      clearInterval: (id: ReturnType<typeof setInterval>) => clearInterval(id),
    });
    vi.stubGlobal('document', { visibilityState: 'visible', addEventListener: vi.fn(), removeEventListener: vi.fn() });
    stored = '{"access_token":"x"}';
    vi.stubGlobal('localStorage', { removeItem: vi.fn(), getItem: () => stored, setItem: vi.fn() });
    vi.stubGlobal('sessionStorage', { removeItem: vi.fn(), getItem: () => null, setItem: vi.fn() });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks the server every 30 s and signs the tab out once it says the session was ended elsewhere, staying on the page', async () => {
    stop = watchSessionEnd();
    expect(SESSION_CHECK_MS).toBe(30_000);
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS);
    expect(fake.auth.getUser).toHaveBeenCalledTimes(1);
    expect(fake.auth.signOut).not.toHaveBeenCalled();

    fake.auth.getUser.mockResolvedValue({
      data: { user: null },
      error: authError('Auth session missing!', undefined as never, 400, 'AuthSessionMissingError'),
    });
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS);
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect($auth.get()).toMatchObject({ user: null, isAuthenticated: false });
    expect(replace).not.toHaveBeenCalled();
    expect(lastToast()).toMatchObject({ title: 'Sessão encerrada', variant: 'destructive' });
  });

  it('a failed connection signs nobody out', async () => {
    fake.auth.getUser.mockResolvedValue({ data: { user: null }, error: authError('Failed to fetch', undefined as never, 0, 'AuthRetryableFetchError') });
    stop = watchSessionEnd();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS * 2);
    expect(fake.auth.getUser).toHaveBeenCalledTimes(2);
    expect(fake.auth.signOut).not.toHaveBeenCalled();
    expect($auth.get().isAuthenticated).toBe(true);
  });

  it('a tab whose browser no longer holds a session (signed out in another tab) asks nothing', async () => {
    stored = null;
    stop = watchSessionEnd();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_MS * 2);
    expect(fake.auth.getUser).not.toHaveBeenCalled();
    expect($toasts.get()).toEqual([]);
  });
});
