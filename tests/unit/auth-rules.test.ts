// Validation rules of the authentication screens and the reading of their links (src/lib/public/auth-validation.ts, auth-links.ts).
import { describe, expect, it } from 'vitest';

const { confirmationFromHash, parseConfirmParams } = await import('../../src/lib/public/auth-links');
const { resetSentText, validateForgot, validateLogin, validateRegister, validateReset } = await import('../../src/lib/public/auth-validation');

describe('validação das telas de autenticação', () => {
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

  it('registro: nome com mais de 120 caracteres (depois de aparado) é recusado no campo nome', () => {
    const long = validateRegister({ name: 'n'.repeat(121), email: 'a@b.c', password: '123456', confirm: '123456' });
    expect(long).toEqual({
      title: 'Erro de Validação',
      description: 'O nome pode ter no máximo 120 caracteres.',
      fields: { name: 'O nome pode ter no máximo 120 caracteres.' },
    });
    expect(validateRegister({ name: ` ${'ç'.repeat(120)} `, email: 'a@b.c', password: '123456', confirm: '123456' })).toBeNull();
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

describe('link de confirmação de email', () => {
  it('exige token_hash e type', () => {
    expect(parseConfirmParams('')).toEqual({ ok: false, message: 'Link de confirmação inválido ou incompleto.' });
    expect(parseConfirmParams('?type=signup')).toEqual({ ok: false, message: 'Link de confirmação inválido ou incompleto.' });
    expect(parseConfirmParams('?token_hash=abc')).toEqual({ ok: false, message: 'Link de confirmação inválido ou incompleto.' });
  });

  it('aceita só os tipos signup e email_change', () => {
    expect(parseConfirmParams('?token_hash=abc&type=recovery')).toEqual({ ok: false, message: 'Tipo de confirmação inválido.' });
    expect(parseConfirmParams('?token_hash=abc&type=signup')).toEqual({ ok: true, tokenHash: 'abc', type: 'signup', key: '' });
    expect(parseConfirmParams('?token_hash=abc&type=email_change')).toEqual({ ok: true, tokenHash: 'abc', type: 'email_change', key: '' });
    expect(parseConfirmParams('?token_hash=abc&type=signup&key=k1')).toEqual({ ok: true, tokenHash: 'abc', type: 'signup', key: 'k1' });
  });
});


describe('retorno do template padrão do Supabase (resultado no hash da URL)', () => {
  it('lê o erro ou a sessão do hash, e nada quando o hash não tem nenhum dos dois', () => {
    expect(confirmationFromHash('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired')).toEqual({
      error: 'O link é inválido ou expirou. Peça um novo e-mail.',
    });
    expect(confirmationFromHash('#access_token=abc&refresh_token=def&type=signup')).toEqual({ session: true });
    expect(confirmationFromHash('')).toBeNull();
    expect(confirmationFromHash('#secao')).toBeNull();
  });
});
