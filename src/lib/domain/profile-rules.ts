// Rules of 'Meu Perfil': the full name (trimmed, 1 to 120 characters), the avatar address (optional, an https URL of
// at most 2048 characters, the same pattern as the profiles table's check constraint) and the new password
// (at least 6 characters, typed twice, after the current password). Lengths count characters as the database does (code points).

import { LIMITS } from './field-limits';

export const FULL_NAME_MAX = LIMITS.profileName;
export const AVATAR_URL_MAX = LIMITS.avatarUrl;
export const PASSWORD_MIN = LIMITS.passwordMin;

export { personLabel } from './people';

/** The pattern of the profiles table's constraint `profiles_avatar_url_https`. */
const AVATAR_URL_PATTERN = /^https:\/\/[^\s/?#]+\S*$/;

/** What ending the account's other sessions means for them, said before and after a password change. */
const OTHER_SESSIONS_EFFECT =
  'outros aparelhos e navegadores precisam entrar de novo, e as páginas abertas neles perdem o acesso em até um minuto.';

export const PROFILE_TEXTS = {
  passwordChangeNotice: `Ao trocar a senha, as outras sessões da sua conta são encerradas: ${OTHER_SESSIONS_EFFECT} Esta sessão continua aberta.`,
  sessionsEnded: `Sua senha foi atualizada. As outras sessões da sua conta foram encerradas: ${OTHER_SESSIONS_EFFECT}`,
  sessionsNotConfirmed:
    'Sua senha foi atualizada, mas não foi possível confirmar o encerramento das outras sessões. Use "Sair da Conta" nos outros aparelhos.',
  nameRequired: 'Informe seu nome completo.',
  nameTooLong: `O nome pode ter no máximo ${FULL_NAME_MAX} caracteres.`,
  avatarNotHttps: 'Use um endereço de imagem que comece com https://.',
  avatarTooLong: `O endereço da imagem pode ter no máximo ${AVATAR_URL_MAX} caracteres.`,
  currentRequired: 'Informe sua senha atual.',
  currentWrong: 'A senha atual está incorreta.',
  passwordRequired: 'Informe a nova senha.',
  passwordTooShort: `A senha deve ter pelo menos ${PASSWORD_MIN} caracteres.`,
  confirmRequired: 'Confirme a nova senha.',
  passwordsDiffer: 'As senhas não coincidem.',
} as const;

/** What the profile form edits, as typed. */
export interface ProfileFormValues {
  full_name: string;
  avatar_url: string;
}

/** What is written: the trimmed name, and the avatar or null when the field is empty. */
export interface ProfileInput {
  full_name: string;
  avatar_url: string | null;
}

export type ProfileErrors = Partial<Record<keyof ProfileFormValues, string>>;
export type PasswordField = 'current' | 'password' | 'confirm';
export type PasswordErrors = Partial<Record<PasswordField, string>>;

const charCount = (s: string) => [...s].length;
/** Trimmed as the database trims (JavaScript's white space and the zero-width space). */
const trimmed = (s: string) => s.replace(/^[\s\u200b]+|[\s\u200b]+$/g, '');

/** Whether `url` may be stored as an avatar (https, a host, no spaces, at most 2048 characters). */
export function isAvatarUrl(url: string): boolean {
  return AVATAR_URL_PATTERN.test(url) && charCount(url) <= AVATAR_URL_MAX;
}

/** The form's problems, one message per field; empty when it may be saved. */
export function validateProfile(values: ProfileFormValues): ProfileErrors {
  const errors: ProfileErrors = {};
  const name = trimmed(values.full_name);
  if (name === '') errors.full_name = PROFILE_TEXTS.nameRequired;
  else if (charCount(name) > FULL_NAME_MAX) errors.full_name = PROFILE_TEXTS.nameTooLong;
  const avatar = trimmed(values.avatar_url);
  if (avatar !== '') {
    if (charCount(avatar) > AVATAR_URL_MAX) errors.avatar_url = PROFILE_TEXTS.avatarTooLong;
    else if (!isAvatarUrl(avatar)) errors.avatar_url = PROFILE_TEXTS.avatarNotHttps;
  }
  return errors;
}

/** The values to write (call after validateProfile found nothing). */
export function toProfileInput(values: ProfileFormValues): ProfileInput {
  const avatar = trimmed(values.avatar_url);
  return { full_name: trimmed(values.full_name), avatar_url: avatar === '' ? null : avatar };
}

/** The password change's problems: the current password typed, the new one of at least 6 characters, the same twice. */
export function validateNewPassword(password: string, confirm: string, current: string): PasswordErrors {
  const errors: PasswordErrors = {};
  if (current === '') errors.current = PROFILE_TEXTS.currentRequired;
  if (password === '') errors.password = PROFILE_TEXTS.passwordRequired;
  else if (charCount(password) < PASSWORD_MIN) errors.password = PROFILE_TEXTS.passwordTooShort;
  if (confirm === '') errors.confirm = PROFILE_TEXTS.confirmRequired;
  else if (password !== '' && password !== confirm) errors.confirm = PROFILE_TEXTS.passwordsDiffer;
  return errors;
}
