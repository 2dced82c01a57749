// Rules of the admin console's figures: how an activity event reads in pt-BR and where it links, plan and month
// labels, and the chart colours of project statuses and plans. Pure functions: no data access.
import { PLANS, type PlanId } from './plans';
import { projectStatusLabel } from './project-rules';
import type { ProjectStatus } from './status-codes';

/** One line of 'Atividade Recente', as the data module hands it over. */
export interface ActivityEvent {
  id: number;
  kind: string;
  subjectId: string;
  /** The subject's name when it happened (project title, ticket subject, client name). */
  label: string;
  /** The new status of a status change, the file name of a document; null otherwise. */
  detail: string | null;
  createdAt: string;
  /** Who did it; null when the database or the service role did. */
  actorName: string | null;
}

/** What happened, in one pt-BR sentence. An unknown kind still shows its label. */
export function activityText(event: Pick<ActivityEvent, 'kind' | 'label' | 'detail'>): string {
  const { label, detail } = event;
  switch (event.kind) {
    case 'client_signed_up':
      return `Novo cadastro no portal: ${label}`;
    case 'client_added':
      return `Cliente adicionado pela agência: ${label}`;
    case 'project_created':
      return `Projeto criado: ${label}`;
    case 'project_status_changed':
      return `Projeto "${label}" passou para ${projectStatusLabel(detail)}`;
    case 'project_update_posted':
      return `Atualização publicada no projeto "${label}"`;
    case 'project_document_uploaded':
      return `Documento "${detail ?? ''}" enviado ao projeto "${label}"`;
    case 'ticket_opened':
      return `Ticket aberto: ${label}`;
    case 'ticket_answered':
      return `Ticket respondido: ${label}`;
    case 'ticket_resolved':
      return `Ticket resolvido: ${label}`;
    case 'ticket_reopened':
      return `Ticket reaberto: ${label}`;
    case 'invoice_issued':
      return `Fatura ${label} emitida`;
    case 'invoice_updated':
      return `Fatura ${label} alterada`;
    case 'invoice_overdue':
      return `Fatura ${label} venceu sem pagamento`;
    case 'invoice_paid':
      return `Fatura ${label} paga (${PAYMENT_LABEL[detail ?? ''] ?? detail ?? '—'})`;
    case 'invoice_cancelled':
      return `Fatura ${label} cancelada: ${detail ?? ''}`;
    case 'pix_payment_rejected':
      return `Pix recusado para ${label}: ${PIX_REJECTION[detail ?? ''] ?? detail ?? ''}`;
    default:
      return label;
  }
}

const PAYMENT_LABEL: Record<string, string> = { pix: 'Pix', transferencia: 'transferência', boleto: 'boleto', outro: 'outro' };
const PIX_REJECTION: Record<string, string> = {
  amount_mismatch: 'valor diferente do total',
  unknown_txid: 'txid desconhecido',
  not_payable: 'fatura já paga ou cancelada',
  replay: 'notificação repetida',
  invalid: 'notificação inválida',
};

/** Where the event's subject lives in the console: the client, project or ticket page; null for an unknown kind. */
export function activityHref(event: Pick<ActivityEvent, 'kind' | 'subjectId'>): string | null {
  const id = encodeURIComponent(event.subjectId);
  if (event.kind.startsWith('client_')) return `/admin/clients/${id}`;
  if (event.kind.startsWith('project_')) return `/admin/projects/${id}`;
  if (event.kind.startsWith('ticket_')) return `/admin/support/${id}`;
  if (event.kind.startsWith('invoice_')) return `/admin/invoices/${id}`;
  if (event.kind === 'pix_payment_rejected') return '/admin/billing';
  return null;
}

/** Who did it: the person's name, or 'Sistema' when the database itself wrote the event. */
export function activityActor(event: Pick<ActivityEvent, 'actorName'>): string {
  return event.actorName?.trim() || 'Sistema';
}

// The browser's own pt-BR wording (Intl.RelativeTimeFormat): 'há 2 horas', 'há 1 minuto'; no locale data in the bundle.
const RELATIVE = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'always' });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * pt-BR relative time from `now`, in the largest whole unit that fits: 'há 2 horas', 'há 3 dias', 'há 30 segundos'.
 * A time less than a second ago, or a little ahead of the clock, reads 'agora'.
 */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = Math.floor((now.getTime() - date.getTime()) / 1000);
  if (seconds < 1) return 'agora';
  const [unit, size] = UNITS.find(([, s]) => seconds >= s) ?? UNITS[UNITS.length - 1];
  return RELATIVE.format(-Math.floor(seconds / size), unit);
}

/** The plan codes in the order the console lists them, then '' (a project with no plan). */
export const PLAN_CODES: readonly PlanId[] = ['essential', 'advanced', 'premium', 'enterprise'];

/** pt-BR name of a plan code ('Pacote Essencial IA'); '' is 'Sem plano'; an unknown code is shown as is. */
export function planLabel(code: string | null | undefined): string {
  if (!code) return 'Sem plano';
  return PLANS.find((p) => p.id === code)?.name ?? code;
}

export const PLAN_COLORS: Record<PlanId | '', string> = {
  essential: '#0284c7',
  advanced: '#7c3aed',
  premium: '#16a34a',
  enterprise: '#d97706',
  '': '#94a3b8',
};

export const PROJECT_STATUS_COLORS: Record<ProjectStatus, string> = {
  pending: '#d97706',
  'in-progress': '#2563eb',
  completed: '#16a34a',
};

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** A month as the database gives it ('2026-11-01') → 'nov/2026'; anything else is shown as is. */
export function monthLabel(isoDate: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(isoDate);
  const index = m ? Number(m[2]) - 1 : -1;
  return m && index >= 0 && index < 12 ? `${MONTHS[index]}/${m[1]}` : isoDate;
}

/** A percentage with one decimal in pt-BR ('42,5%'), or '—' when there is none. */
export function formatPercent(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '—';
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
}

/** Chart colour per client source code ('' = not informed). */
export const CLIENT_SOURCE_COLORS: Record<string, string> = {
  referral: '#16a34a',
  website: '#0284c7',
  social_media: '#db2777',
  event: '#7c3aed',
  outbound: '#d97706',
  other: '#475569',
  '': '#94a3b8',
};
