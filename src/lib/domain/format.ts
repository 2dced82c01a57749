// pt-BR formatting, one module for every screen.
// The pt-BR date patterns 'dd/MM/yyyy' and 'dd/MM/yyyy HH:mm' are all numbers: they need no locale data nor a date
// library, which keeps them small enough for the pages' inline boot scripts too.

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  // A plain date (due dates) is a calendar day, not UTC midnight: read it in local time.
  const day = DATE_ONLY.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** dd/MM/yyyy of `d` in the browser's time zone; a year before 1 as its count of years before 1 (1 BC is 0001). */
const day = (d: Date) => {
  const y = d.getFullYear();
  return `${pad(d.getDate(), 2)}/${pad(d.getMonth() + 1, 2)}/${pad(y > 0 ? y : 1 - y, 4)}`;
};

/** 'dd/MM/yyyy' in the browser's time zone, or 'N/A' when missing or invalid. */
export function formatDate(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? day(d) : 'N/A';
}

/** 'dd/MM/yyyy HH:mm' (tickets), or 'N/A' when missing or invalid. */
export function formatDateTime(value: string | Date | null | undefined): string {
  const d = toDate(value);
  return d ? `${day(d)} ${pad(d.getHours(), 2)}:${pad(d.getMinutes(), 2)}` : 'N/A';
}

// Pure annotations: a boot script that imports only formatDate leaves the unused formatters out.
const currency = /* @__PURE__ */ new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** BRL in pt-BR: 12500.75 → 'R$ 12.500,75' (a plain space after R$, not Intl's no-break space). */
export function formatCurrency(value: number): string {
  return currency.format(value).replace(/\u00a0/g, ' ');
}

const compactCurrency = /* @__PURE__ */ new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Short BRL for a chart's axis: 1200 → 'R$ 1,2 mil', 2500000 → 'R$ 2,5 mi', 499 → 'R$ 499'. */
export function formatCurrencyCompact(value: number): string {
  return compactCurrency.format(value).replace(/\u00a0/g, ' ');
}

const compactNumber = /* @__PURE__ */ new Intl.NumberFormat('pt-BR', { notation: 'compact', maximumFractionDigits: 1 });

/** Short count for a chart's axis: 12 → '12', 1234 → '1,2 mil'. */
export function formatCountCompact(value: number): string {
  return compactNumber.format(value).replace(/\u00a0/g, ' ');
}
