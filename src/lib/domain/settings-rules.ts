// Rules of the portal's general settings (one row of app_settings), the same the database enforces: the app name is
// required (1-100 characters after trimming), the logo URL is empty (no logo) or an https:// address of at most 2048
// characters, the main admin e-mail and the public contact e-mail are plain addresses. Values are trimmed; e-mails are
// stored in lower case.
import { isPlainEmail } from './client-rules';

export const APP_NAME_MAX = 100;
export const LOGO_URL_MAX = 2048;

export { DEFAULT_APP_NAME } from './agency-name';

/** The contact e-mail the public pages show before the settings are read (and the database's initial value). */
export const DEFAULT_CONTACT_EMAIL = 'contato@portalia.com.br';

export interface AppSettingsInput {
  app_name: string;
  logo_url: string | null;
  admin_email: string;
  contact_email: string;
}

/** The 'Geral' form's values as typed (every field a string; an empty logo URL means no logo). */
export interface SettingsFormValues {
  app_name: string;
  logo_url: string;
  admin_email: string;
  contact_email: string;
}

export type SettingsField = keyof SettingsFormValues;
export type SettingsErrors = Partial<Record<SettingsField, string>>;

export type SettingsValidation = { ok: true; input: AppSettingsInput } | { ok: false; errors: SettingsErrors };

/** Host, then an optional path, query or fragment, with no spaces: the shape of the database's check. */
const HTTPS_URL = /^https:\/\/[^\s/?#]+\S*$/;

/** An https:// address the browser can parse, with a host and no spaces, at most 2048 characters. */
export function isHttpsUrl(value: string): boolean {
  if (value.length > LOGO_URL_MAX || !HTTPS_URL.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

export const SETTINGS_MESSAGES = {
  appNameRequired: 'O nome da aplicação é obrigatório.',
  appNameTooLong: `O nome da aplicação pode ter no máximo ${APP_NAME_MAX} caracteres.`,
  logoUrl: 'A URL do logo deve começar com https://.',
  adminEmail: 'Informe um e-mail válido para o administrador principal.',
  contactEmail: 'Informe um e-mail de contato válido.',
} as const;

/** Field by field: each invalid field gets its pt-BR message; a valid form gives the trimmed values to store. */
export function validateSettingsForm(values: SettingsFormValues): SettingsValidation {
  const appName = values.app_name.trim();
  const logoUrl = values.logo_url.trim();
  const adminEmail = values.admin_email.trim().toLowerCase();
  const contactEmail = values.contact_email.trim().toLowerCase();
  const errors: SettingsErrors = {};
  if (!appName) errors.app_name = SETTINGS_MESSAGES.appNameRequired;
  else if ([...appName].length > APP_NAME_MAX) errors.app_name = SETTINGS_MESSAGES.appNameTooLong;
  if (logoUrl && !isHttpsUrl(logoUrl)) errors.logo_url = SETTINGS_MESSAGES.logoUrl;
  if (!isPlainEmail(adminEmail)) errors.admin_email = SETTINGS_MESSAGES.adminEmail;
  if (!isPlainEmail(contactEmail)) errors.contact_email = SETTINGS_MESSAGES.contactEmail;
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, input: { app_name: appName, logo_url: logoUrl || null, admin_email: adminEmail, contact_email: contactEmail } };
}

/** Which field a message of the database's refusal (23514) is about, so the form can show it under that field. */
export function settingsFieldOfMessage(message: string): SettingsField | null {
  if (message.includes('nome da aplicação')) return 'app_name';
  if (message.includes('URL do logo')) return 'logo_url';
  if (message.includes('administrador principal')) return 'admin_email';
  if (message.includes('e-mail de contato')) return 'contact_email';
  return null;
}

/** The stored values as the form shows them. */
export function settingsToFormValues(settings: AppSettingsInput): SettingsFormValues {
  return { app_name: settings.app_name, logo_url: settings.logo_url ?? '', admin_email: settings.admin_email, contact_email: settings.contact_email };
}

/** An account's role as the database reports it: `admin` (staff) or `user` (a client). */
export type AccountRole = 'admin' | 'user';

/** How a role reads in the 'Usuários' tab. */
export function accountRoleLabel(role: AccountRole): string {
  return role === 'admin' ? 'Administrador' : 'Cliente';
}
