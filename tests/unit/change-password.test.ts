// 'Alterar senha' in the auth store: the session is checked with the server before the password changes, and the
// outcome is a toast in Portuguese.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const fake = vi.hoisted(() => ({
  auth: { onAuthStateChange: vi.fn(), getUser: vi.fn(), updateUser: vi.fn(), signOut: vi.fn() },
}));
vi.mock('../../src/lib/data/supabase', () => ({ supabase: fake, SUPABASE_URL: 'http://127.0.0.1:54321' }));

import { changePassword } from '../../src/lib/stores/auth';
import { $toasts } from '../../src/lib/stores/toast';

const authError = (message: string, code: string, status = 400) =>
  Object.assign(new Error(message), { name: 'AuthApiError', code, status, __isAuthError: true });
const lastToast = () => $toasts.get()[0];

beforeEach(() => {
  vi.clearAllMocks();
  $toasts.set([]);
});

describe('changePassword', () => {
  it('checks the session with the server, then sets the password and keeps this session', async () => {
    fake.auth.getUser.mockResolvedValue({ data: { user: { id: 'u1' } }, error: null });
    fake.auth.updateUser.mockResolvedValue({ data: { user: { id: 'u1' } }, error: null });
    await expect(changePassword('senha-nova-1')).resolves.toEqual({ success: true });
    expect(fake.auth.getUser.mock.invocationCallOrder[0]).toBeLessThan(fake.auth.updateUser.mock.invocationCallOrder[0]!);
    expect(fake.auth.updateUser).toHaveBeenCalledWith({ password: 'senha-nova-1' });
    expect(fake.auth.signOut).not.toHaveBeenCalled();
    expect(lastToast()).toMatchObject({ title: 'Senha alterada!' });
  });

  it('a session the server no longer accepts changes nothing and asks to sign in again', async () => {
    fake.auth.getUser.mockResolvedValue({ data: { user: null }, error: authError('Session not found', 'session_not_found', 403) });
    const result = await changePassword('senha-nova-1');
    expect(result).toEqual({ success: false, errorType: 'session_not_found' });
    expect(fake.auth.updateUser).not.toHaveBeenCalled();
    expect(lastToast()).toMatchObject({ title: 'Erro ao alterar senha', variant: 'destructive' });
    expect(lastToast()?.description).toContain('Entre novamente');
  });

  it('the same password as now is explained in Portuguese', async () => {
    fake.auth.getUser.mockResolvedValue({ data: { user: { id: 'u1' } }, error: null });
    fake.auth.updateUser.mockResolvedValue({
      data: { user: null },
      error: authError('New password should be different from the old password.', 'same_password', 422),
    });
    expect(await changePassword('senha-atual')).toEqual({ success: false, errorType: 'same_password' });
    expect(lastToast()?.description).toBe('A nova senha deve ser diferente da senha atual.');
  });
});
