// Rules of the support screens that need no data access: the status filter's options and how long a client waits.
import type { TicketStatus } from './status-codes';

/** The inbox's status filter: every status, or one of them. */
export const INBOX_STATUS_OPTIONS: Array<{ value: TicketStatus | ''; label: string }> = [
  { value: '', label: 'Todos os status' },
  { value: 'open', label: 'Aberto' },
  { value: 'in_progress', label: 'Em Progresso' },
  { value: 'resolved', label: 'Resolvido' },
];

export const TICKET_STATUS_OPTIONS = INBOX_STATUS_OPTIONS.filter((o): o is { value: TicketStatus; label: string } => o.value !== '');

/** The pt-BR label of a ticket status; an unknown value is shown as is. */
export function ticketStatusLabel(status: string): string {
  return TICKET_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status;
}

/**
 * How long the client has waited, in pt-BR: 'menos de 1 min', '12 min', '5 h', '3 dias'; '—' when the ticket is not
 * waiting (or the time is unreadable).
 */
export function waitingTime(since: string | null | undefined, now: number = Date.now()): string {
  const start = since ? Date.parse(since) : Number.NaN;
  if (Number.isNaN(start)) return '—';
  const minutes = Math.max(0, Math.floor((now - start) / 60_000));
  if (minutes < 1) return 'menos de 1 min';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} dias`;
}

/**
 * The support form as 'Solicitar cancelamento' opens it (`/support?cancelar=<project id>`): a ticket about that project
 * asking the agency to cancel it, for the client to complete with the reason and send. The project stays until the
 * agency acts on the request.
 */
export const CANCEL_REQUEST = {
  param: 'cancelar',
  subject: 'Solicitação de cancelamento do projeto',
  message: 'Olá! Gostaria de solicitar o cancelamento do projeto selecionado acima.\n\nMotivo: ',
} as const;
