// Rules of a CRM client shared by the user's CRM and the admin console: status and source labels, badge and chart
// colours, the e-mail rule and field limits of the database, the form's validation, and when a stored e-mail or phone
// may become a mailto:/tel: link.
import type { ClientSource, ClientStatus } from './status-codes';
import { isPlainEmail } from './email';

export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = {
  lead: 'Lead',
  prospect: 'Prospecção',
  active: 'Ativo',
  on_hold: 'Em Espera',
  completed: 'Concluído',
  lost: 'Perdido',
};

export const CLIENT_SOURCE_LABELS: Record<ClientSource, string> = {
  referral: 'Indicação',
  website: 'Site',
  social_media: 'Redes Sociais',
  event: 'Evento',
  outbound: 'Outbound',
  other: 'Outro',
};

/** Status codes in the order the screens list them. */
export const CLIENT_STATUSES = Object.keys(CLIENT_STATUS_LABELS) as ClientStatus[];

export const CLIENT_STATUS_OPTIONS: { value: ClientStatus; label: string }[] = CLIENT_STATUSES.map((value) => ({
  value,
  label: CLIENT_STATUS_LABELS[value],
}));

export const CLIENT_SOURCE_OPTIONS: { value: ClientSource; label: string }[] = (
  Object.keys(CLIENT_SOURCE_LABELS) as ClientSource[]
).map((value) => ({ value, label: CLIENT_SOURCE_LABELS[value] }));

export function isClientStatus(value: unknown): value is ClientStatus {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(CLIENT_STATUS_LABELS, value);
}

/** pt-BR label of a status code; an unknown code is shown as is. */
export function clientStatusLabel(status: string | null | undefined): string {
  if (isClientStatus(status)) return CLIENT_STATUS_LABELS[status];
  return status ?? '';
}

/** pt-BR label of a source code; an unknown code is shown as is, none as ''. */
export function clientSourceLabel(source: string | null | undefined): string {
  if (source && Object.prototype.hasOwnProperty.call(CLIENT_SOURCE_LABELS, source)) {
    return CLIENT_SOURCE_LABELS[source as ClientSource];
  }
  return source ?? '';
}

const STATUS_BADGE: Record<ClientStatus, string> = {
  lead: 'bg-sky-100 text-sky-800 border-sky-200',
  prospect: 'bg-violet-100 text-violet-800 border-violet-200',
  active: 'bg-green-100 text-green-800 border-green-200',
  on_hold: 'bg-amber-100 text-amber-900 border-amber-200',
  completed: 'bg-slate-200 text-slate-800 border-slate-300',
  lost: 'bg-red-100 text-red-800 border-red-200',
};

/** Tailwind classes of the status badge (text colours keep AA contrast on their background). */
export function clientStatusBadgeClass(status: string | null | undefined): string {
  return isClientStatus(status) ? STATUS_BADGE[status] : 'bg-slate-100 text-slate-700 border-slate-200';
}

/** Chart colour per status, the same hue family as the badges. */
export const CLIENT_STATUS_COLORS: Record<ClientStatus, string> = {
  lead: '#0284c7',
  prospect: '#7c3aed',
  active: '#16a34a',
  on_hold: '#d97706',
  completed: '#475569',
  lost: '#dc2626',
};

export { isPlainEmail, mailtoHref } from './email';

/** A phone as people write it: an optional leading +, digits, spaces and ( ) . -, with at least 6 digits. */
const PHONE = /^\+?[0-9\s().-]{6,40}$/;

/** A tel: link (digits and the leading +) only for something that is a phone number; otherwise null. */
export function telHref(phone: string | null | undefined): string | null {
  const value = (phone ?? '').trim();
  if (!PHONE.test(value)) return null;
  const digits = value.replace(/[^0-9]/g, '');
  if (digits.length < 6) return null;
  return `tel:${value.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * Field limits, the same as the check constraints of public.clients (clients_full_name_length_check,
 * clients_company_name_length_check, clients_phone_format_check, clients_email_plain_check).
 */
export const CLIENT_LIMITS = { fullName: 120, email: 254, company: 160, phoneMin: 7, phoneMax: 20, notes: 5000 } as const;

/** A phone the database stores: only digits, spaces and + ( ) -, 7 to 20 characters. */
const STORED_PHONE = /^[0-9 +()-]{7,20}$/;

export function isClientPhone(value: string): boolean {
  return STORED_PHONE.test(value);
}

/** What the client form holds (every field a string; '' = not informed). */
export interface ClientFormFields {
  full_name: string;
  email: string;
  phone: string;
  company_name: string;
}

export type ClientFieldErrors = Partial<Record<keyof ClientFormFields, string>>;

export const CLIENT_MESSAGES = {
  nameRequired: 'Informe o nome completo.',
  nameTooLong: `O nome pode ter no máximo ${CLIENT_LIMITS.fullName} caracteres.`,
  emailRequired: 'Informe o e-mail.',
  emailInvalid: 'Informe um e-mail válido, como nome@empresa.com.br.',
  phoneInvalid: `Use apenas números, espaços e + ( ) -, com ${CLIENT_LIMITS.phoneMin} a ${CLIENT_LIMITS.phoneMax} caracteres.`,
  companyTooLong: `O nome da empresa pode ter no máximo ${CLIENT_LIMITS.company} caracteres.`,
} as const;

/**
 * The form's field errors, on the trimmed values: full name and e-mail required, e-mail plain, name up to 120
 * characters, company up to 160, phone (when given) digits, spaces and + ( ) - with 7 to 20 characters.
 */
export function validateClientFields(values: ClientFormFields): ClientFieldErrors {
  const errors: ClientFieldErrors = {};
  const name = values.full_name.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  if (!name) errors.full_name = CLIENT_MESSAGES.nameRequired;
  else if ([...name].length > CLIENT_LIMITS.fullName) errors.full_name = CLIENT_MESSAGES.nameTooLong;
  if (!email) errors.email = CLIENT_MESSAGES.emailRequired;
  else if (!isPlainEmail(email)) errors.email = CLIENT_MESSAGES.emailInvalid;
  if (phone && !isClientPhone(phone)) errors.phone = CLIENT_MESSAGES.phoneInvalid;
  if ([...values.company_name.trim()].length > CLIENT_LIMITS.company) errors.company_name = CLIENT_MESSAGES.companyTooLong;
  return errors;
}

/** The question before a client is deleted (the CRM's browser confirmation, the console's toast). */
export function clientDeleteQuestion(name: string): string {
  return `Tem certeza que deseja excluir o cliente "${name}"? Esta ação não pode ser desfeita.`;
}

/** The pt-BR message of a check constraint of public.clients the server reported, or null for another one. */
export function clientConstraintMessage(text: string): string | null {
  if (/clients_email_plain_check/.test(text)) return CLIENT_MESSAGES.emailInvalid;
  if (/clients_phone_format_check/.test(text)) return CLIENT_MESSAGES.phoneInvalid;
  if (/clients_full_name_length_check/.test(text)) return CLIENT_MESSAGES.nameTooLong;
  if (/clients_full_name_check/.test(text)) return CLIENT_MESSAGES.nameRequired;
  if (/clients_company_name_length_check/.test(text)) return CLIENT_MESSAGES.companyTooLong;
  return null;
}

const CLIENT_PATHS = [
  /^\/admin\/clients\/edit\/([^/]*)\/?$/,
  /^\/admin\/clients\/([^/]+)\/?$/,
  /^\/my-clients\/edit\/([^/]*)\/?$/,
  /^\/my-clients\/([^/]+)\/?$/,
];

/**
 * The client id of a client's address (/admin/clients/<id>, /admin/clients/edit/<id>, /my-clients/<id>,
 * /my-clients/edit/<id>), percent-decoded when it can be; '' when the address names no client.
 */
export function clientIdFromPath(pathname: string): string {
  for (const pattern of CLIENT_PATHS) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    try {
      return decodeURIComponent(match[1]!);
    } catch {
      return match[1]!;
    }
  }
  return '';
}
