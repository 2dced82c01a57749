// Validation of the authentication screens (sign-in, sign-up, password reset) and its pt-BR texts; the rules of a
// name and a password are the profile's, the e-mail check is the one of every form.
import { isPlainEmail } from '../domain/email';
import { FULL_NAME_MAX, PASSWORD_MIN, PROFILE_TEXTS } from '../domain/profile-rules';

export const TEXTS = {
  required: 'Campo obrigatório.',
  passwordsDiffer: PROFILE_TEXTS.passwordsDiffer,
  passwordTooShort: PROFILE_TEXTS.passwordTooShort,
  nameTooLong: PROFILE_TEXTS.nameTooLong,
  emailInvalid: 'Informe um e-mail válido.',
} as const;

/** A validation failure: the toast to show and the message for each field at fault. */
export interface FormProblem<F extends string> {
  title: string;
  description: string;
  fields: Partial<Record<F, string>>;
}

const blank = (s: string) => s.trim() === '';

/** An address typed but not of the shape an account can have (the forms' one rule, src/lib/domain/email.ts). */
function invalidEmail(email: string): FormProblem<'email'> | null {
  return isPlainEmail(email.trim())
    ? null
    : { title: 'E-mail inválido', description: TEXTS.emailInvalid, fields: { email: TEXTS.emailInvalid } };
}

export function validateLogin(email: string, password: string): FormProblem<'email' | 'password'> | null {
  if (blank(email) || password === '') {
    return {
      title: 'Campos obrigatórios',
      description: 'Por favor, preencha email e senha.',
      fields: {
        ...(blank(email) ? { email: TEXTS.required } : {}),
        ...(password === '' ? { password: TEXTS.required } : {}),
      },
    };
  }
  return invalidEmail(email);
}

export type RegisterField = 'name' | 'email' | 'password' | 'confirm';

export function validateRegister(v: Record<RegisterField, string>): FormProblem<RegisterField> | null {
  const missing = (['name', 'email', 'password', 'confirm'] as const).filter((f) => (f === 'password' || f === 'confirm' ? v[f] === '' : blank(v[f])));
  if (missing.length > 0) {
    return {
      title: 'Campos obrigatórios',
      description: 'Por favor, preencha todos os campos.',
      fields: Object.fromEntries(missing.map((f) => [f, TEXTS.required])),
    };
  }
  if ([...v.name.trim()].length > FULL_NAME_MAX) {
    return { title: 'Erro de Validação', description: TEXTS.nameTooLong, fields: { name: TEXTS.nameTooLong } };
  }
  const badEmail = invalidEmail(v.email);
  if (badEmail) return badEmail;
  if (v.password !== v.confirm) {
    return { title: 'Erro de Validação', description: TEXTS.passwordsDiffer, fields: { confirm: TEXTS.passwordsDiffer } };
  }
  if (v.password.length < PASSWORD_MIN) {
    return { title: 'Erro de Validação', description: TEXTS.passwordTooShort, fields: { password: TEXTS.passwordTooShort } };
  }
  return null;
}

export function validateForgot(email: string): FormProblem<'email'> | null {
  if (blank(email)) return { title: 'Campo obrigatório', description: 'Por favor, preencha seu email.', fields: { email: TEXTS.required } };
  return invalidEmail(email);
}

export function validateReset(password: string, confirm: string): FormProblem<'password' | 'confirm'> | null {
  if (password === '' || confirm === '') {
    return {
      title: 'Campos obrigatórios',
      description: 'Por favor, preencha a nova senha e a confirmação.',
      fields: { ...(password === '' ? { password: TEXTS.required } : {}), ...(confirm === '' ? { confirm: TEXTS.required } : {}) },
    };
  }
  if (password !== confirm) {
    return { title: 'Erro de Validação', description: TEXTS.passwordsDiffer, fields: { confirm: TEXTS.passwordsDiffer } };
  }
  if (password.length < PASSWORD_MIN) {
    return { title: 'Senha muito curta', description: TEXTS.passwordTooShort, fields: { password: TEXTS.passwordTooShort } };
  }
  return null;
}

/** The sentence shown after a reset e-mail was requested (names the address typed). */
export function resetSentText(email: string): string {
  return `Se o email ${email} estiver associado a uma conta, você receberá um link para redefinir sua senha.`;
}
