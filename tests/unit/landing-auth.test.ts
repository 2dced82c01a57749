import { beforeEach, describe, expect, it, vi } from 'vitest';

// A stand-in for supabase-js's auth client: each test says what verifyOtp and getSession answer.
const auth = { verifyOtp: vi.fn(), getSession: vi.fn() };
vi.mock('../../src/lib/supabase', () => ({ supabase: { auth } }));
const toast = vi.fn();
vi.mock('../../src/lib/toast', () => ({ toast }));

const { confirmationFromHash, parseConfirmParams, resetSentText, validateForgot, validateLogin, validateRegister, validateReset, verifyEmailLink } = await import(
  '../../src/lib/landing-auth'
);

describe('validação das telas de autenticação (SPEC §5)', () => {
  it('login em branco: "Campos obrigatórios: Por favor, preencha email e senha." marcando os campos vazios', () => {
    expect(validateLogin('', '')).toEqual({
      title: 'Campos obrigatórios',
      description: 'Por favor, preencha email e senha.',
      fields: { email: 'Campo obrigatório.', password: 'Campo obrigatório.' },
    });
    expect(validateLogin('   ', 'x')?.fields).toEqual({ email: 'Campo obrigatório.' });
    expect(validateLogin('a@b.c', '')?.fields).toEqual({ password: 'Campo obrigatório.' });
    expect(validateLogin('a@b.c', 'x')).toBeNull();
  });

  it('registro: senhas diferentes dão "Erro de Validação: As senhas não coincidem."', () => {
    const p = validateRegister({ name: 'Ana', email: 'a@b.c', password: 'segredo1', confirm: 'segredo2' });
    expect(p).toEqual({ title: 'Erro de Validação', description: 'As senhas não coincidem.', fields: { confirm: 'As senhas não coincidem.' } });
  });

  it('registro: senha com menos de 6 caracteres dá "A senha deve ter pelo menos 6 caracteres."', () => {
    const p = validateRegister({ name: 'Ana', email: 'a@b.c', password: '12345', confirm: '12345' });
    expect(p?.description).toBe('A senha deve ter pelo menos 6 caracteres.');
    expect(p?.fields).toEqual({ password: 'A senha deve ter pelo menos 6 caracteres.' });
    expect(validateRegister({ name: 'Ana', email: 'a@b.c', password: '123456', confirm: '123456' })).toBeNull();
  });

  it('registro: campos vazios são apontados um a um', () => {
    expect(validateRegister({ name: ' ', email: '', password: 'abcdef', confirm: '' })?.fields).toEqual({
      name: 'Campo obrigatório.',
      email: 'Campo obrigatório.',
      confirm: 'Campo obrigatório.',
    });
  });

  it('esqueci a senha em branco: "Campo obrigatório: Por favor, preencha seu email."', () => {
    expect(validateForgot(' ')).toMatchObject({ title: 'Campo obrigatório', description: 'Por favor, preencha seu email.' });
    expect(validateForgot('a@b.c')).toBeNull();
  });

  it('a confirmação de envio cita o email digitado', () => {
    expect(resetSentText('fulano@exemplo.com')).toBe(
      'Se o email fulano@exemplo.com estiver associado a uma conta, você receberá um link para redefinir sua senha.',
    );
  });

  it('redefinir senha: "As senhas não coincidem." e "Senha muito curta: A senha deve ter pelo menos 6 caracteres."', () => {
    expect(validateReset('abcdef', 'abcdeg')?.description).toBe('As senhas não coincidem.');
    expect(validateReset('abc', 'abc')).toMatchObject({ title: 'Senha muito curta', description: 'A senha deve ter pelo menos 6 caracteres.' });
    expect(validateReset('abcdef', 'abcdef')).toBeNull();
  });
});

describe('link de confirmação de email (SPEC §5)', () => {
  it('exige token_hash e type', () => {
    expect(parseConfirmParams('')).toEqual({ ok: false, message: 'Link de confirmação inválido ou incompleto.' });
    expect(parseConfirmParams('?type=signup')).toEqual({ ok: false, message: 'Link de confirmação inválido ou incompleto.' });
    expect(parseConfirmParams('?token_hash=abc')).toEqual({ ok: false, message: 'Link de confirmação inválido ou incompleto.' });
  });

  it('aceita só os tipos signup e email_change', () => {
    expect(parseConfirmParams('?token_hash=abc&type=recovery')).toEqual({ ok: false, message: 'Tipo de confirmação inválido.' });
    expect(parseConfirmParams('?token_hash=abc&type=signup')).toEqual({ ok: true, tokenHash: 'abc', type: 'signup' });
    expect(parseConfirmParams('?token_hash=abc&type=email_change')).toEqual({ ok: true, tokenHash: 'abc', type: 'email_change' });
  });
});

describe('verificação do email (SPEC §8 "Email verification page")', () => {
  beforeEach(() => {
    auth.verifyOtp.mockReset();
    auth.getSession.mockReset();
    toast.mockReset();
  });

  it('envia token_hash e type e, com sessão, mostra "Email Verificado!" / "Sua conta foi ativada."', async () => {
    auth.verifyOtp.mockResolvedValue({ data: { session: { access_token: 't' }, user: {} }, error: null });
    await expect(verifyEmailLink('hash', 'signup')).resolves.toEqual({ status: 'success' });
    expect(auth.verifyOtp).toHaveBeenCalledWith({ token_hash: 'hash', type: 'signup' });
    expect(toast).toHaveBeenCalledWith({ title: 'Email Verificado!', description: 'Sua conta foi ativada.' });
  });

  it('erro do servidor: toast "Falha na Verificação" e "Erro ao verificar email: {mensagem}"', async () => {
    auth.verifyOtp.mockResolvedValue({ data: { session: null, user: null }, error: { message: 'Email link is invalid or has expired' } });
    await expect(verifyEmailLink('hash', 'signup')).resolves.toEqual({
      status: 'error',
      message: 'Erro ao verificar email: Email link is invalid or has expired',
    });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Falha na Verificação', variant: 'destructive' }));
  });

  it('sem sessão e com email já confirmado: avisa que o email já foi verificado', async () => {
    auth.verifyOtp.mockResolvedValue({ data: { session: null, user: null }, error: null });
    auth.getSession.mockResolvedValue({ data: { session: { user: { email_confirmed_at: '2026-01-01T00:00:00Z' } } } });
    await expect(verifyEmailLink('hash', 'email_change')).resolves.toEqual({
      status: 'already-confirmed',
      message: 'Seu email já foi verificado. Você será redirecionado para o login.',
    });
  });

  it('sem sessão e sem email confirmado: "Não foi possível verificar seu email. Tente novamente ou contate o suporte."', async () => {
    auth.verifyOtp.mockResolvedValue({ data: { session: null, user: null }, error: null });
    auth.getSession.mockResolvedValue({ data: { session: null } });
    await expect(verifyEmailLink('hash', 'signup')).resolves.toEqual({
      status: 'error',
      message: 'Não foi possível verificar seu email. Tente novamente ou contate o suporte.',
    });
  });

  it('exceção: toast "Erro Inesperado" e "Erro inesperado: {mensagem}"', async () => {
    auth.verifyOtp.mockRejectedValue(new Error('Failed to fetch'));
    await expect(verifyEmailLink('hash', 'signup')).resolves.toEqual({ status: 'error', message: 'Erro inesperado: Failed to fetch' });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Erro Inesperado', variant: 'destructive' }));
  });
});

describe('retorno do template padrão do Supabase (resultado no hash da URL)', () => {
  it('lê o erro ou a sessão do hash, e nada quando o hash não tem nenhum dos dois', () => {
    expect(confirmationFromHash('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toEqual({
      error: 'Email link is invalid or has expired',
    });
    expect(confirmationFromHash('#access_token=abc&refresh_token=def&type=signup')).toEqual({ session: true });
    expect(confirmationFromHash('')).toBeNull();
    expect(confirmationFromHash('#secao')).toBeNull();
  });
});
