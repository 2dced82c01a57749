// pt-BR formatting, one module for every screen (SPEC §9 'Formats').
import { format, isValid, parseISO } from 'date-fns';
import { ptBR } from 'date-fns/locale';

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : parseISO(value);
  return isValid(date) ? date : null;
}

/** 'dd/MM/yyyy' in the browser's time zone, or 'N/A' when missing or invalid. */
export function formatDate(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'dd/MM/yyyy', { locale: ptBR }) : 'N/A';
}

/** 'dd/MM/yyyy HH:mm' (tickets), or 'N/A' when missing or invalid. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = toDate(value);
  return date ? format(date, 'dd/MM/yyyy HH:mm', { locale: ptBR }) : 'N/A';
}

const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** BRL in pt-BR: 12500.75 → 'R$ 12.500,75' (a plain space after R$, not Intl's no-break space). */
export function formatCurrency(value: number): string {
  return currency.format(value).replace(/\u00a0/g, ' ');
}
