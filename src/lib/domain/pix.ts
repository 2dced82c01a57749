// Pix: the agency's key as the Central Bank defines each kind (the same rules as the database's check on
// app_settings.pix_key), and amounts in reais as Pix writes them. The BR Code itself is in brcode.ts.

export type PixKeyKind = 'cpf' | 'cnpj' | 'email' | 'phone' | 'evp';

export const PIX_KEY_KIND_LABEL: Record<PixKeyKind, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'E-mail',
  phone: 'Celular',
  evp: 'Chave aleatória',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[a-z0-9._%+'-]+@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

/** A key as typed, in its stored form: e-mail and random key in lower case, phone as +digits, CPF/CNPJ bare. */
export function normalizePixKey(raw: string | null | undefined): string | null {
  const k = (raw ?? '').trim();
  if (!k) return null;
  if (k.includes('@')) return k.toLowerCase();
  if (UUID.test(k)) return k.toLowerCase();
  if (k.startsWith('+')) return `+${k.replace(/\D/g, '')}`;
  return k.replace(/[\s./()-]/g, '').toUpperCase();
}

export function cpfValid(doc: string): boolean {
  if (!/^\d{11}$/.test(doc) || /^(\d)\1{10}$/.test(doc)) return false;
  const d = [...doc].map(Number);
  const check = (n: number) => {
    let s = 0;
    for (let i = 0; i < n; i++) s += d[i]! * (n + 1 - i);
    const r = (s * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === d[9] && check(10) === d[10];
}

/** CNPJ, numeric or alphanumeric (letters worth their ASCII code minus 48), with both check digits. */
export function cnpjValid(doc: string): boolean {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(doc) || /^(.)\1{13}$/.test(doc)) return false;
  const v = [...doc].map((c) => c.charCodeAt(0) - 48);
  const check = (n: number) => {
    const weights = n === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const s = weights.reduce((sum, w, i) => sum + w * v[i]!, 0);
    const r = s % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check(12) === v[12] && check(13) === v[13];
}

/** The kind of a normalised key, or null when it is no valid Pix key. */
export function pixKeyKind(key: string | null): PixKeyKind | null {
  if (!key) return null;
  if (/^\d{11}$/.test(key)) return cpfValid(key) ? 'cpf' : null;
  if (/^[0-9A-Z]{12}\d{2}$/.test(key)) return cnpjValid(key) ? 'cnpj' : null;
  if (/^\+55[1-9]{2}9\d{8}$/.test(key)) return 'phone';
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key)) return 'evp';
  if (key.length <= 77 && EMAIL.test(key)) return 'email';
  return null;
}

export interface PixSettingsInput {
  pixKey: string;
  receiverName: string;
  city: string;
  billingDay: string | number;
}

export type PixSettingsErrors = Partial<Record<keyof PixSettingsInput, string>>;

/** The longest receiver name and city the BR Code (EMV) and the database take; the key as typed (dots, dashes, spaces before normalising). */
export const PIX_LIMITS = { receiverName: 25, city: 15, key: 100 } as const;

export const PIX_KEY_INVALID =
  'Chave Pix inválida: informe um CPF ou CNPJ válido, um e-mail, um celular com +55 e DDD ou uma chave aleatória.';

/** pt-BR errors of the 'Faturamento' form, as the database would refuse them; empty when it may be saved. */
export function validatePixSettings(input: PixSettingsInput): PixSettingsErrors {
  const errors: PixSettingsErrors = {};
  const key = normalizePixKey(input.pixKey);
  const name = input.receiverName.trim().replace(/\s+/g, ' ');
  const city = input.city.trim().replace(/\s+/g, ' ');
  if (key && !pixKeyKind(key)) errors.pixKey = PIX_KEY_INVALID;
  if (name.length > PIX_LIMITS.receiverName) errors.receiverName = `O nome do recebedor pode ter no máximo ${PIX_LIMITS.receiverName} caracteres.`;
  else if (key && !name) errors.receiverName = 'Com a chave Pix, informe também o nome do recebedor e a cidade.';
  if (city.length > PIX_LIMITS.city) errors.city = `A cidade pode ter no máximo ${PIX_LIMITS.city} caracteres.`;
  else if (key && !city) errors.city = 'Com a chave Pix, informe também o nome do recebedor e a cidade.';
  const day = Number(input.billingDay);
  if (!Number.isInteger(day) || day < 1 || day > 28) errors.billingDay = 'O dia de vencimento deve estar entre 1 e 28.';
  return errors;
}

/** Centavos as the BR Code and the Pix webhook write reais: '999.00'. */
export function centsToReais(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** '999.00' (or '999,00', '999') in centavos; null when it is not an amount in reais. */
export function reaisToCents(value: string): number | null {
  const m = /^(\d{1,13})(?:[.,](\d{1,2}))?$/.exec(value.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

