// Texts of the bell: its accessible name with the unread count, and the pt-BR relative time of a notification.
import { formatDistanceStrict } from 'date-fns/formatDistanceStrict';
import { ptBR } from 'date-fns/locale/pt-BR';

/** 'Notificações' with no unread; 'Notificações, 1 não lida'; 'Notificações, 2 não lidas'. */
export function bellLabel(unread: number): string {
  if (!unread || unread < 0) return 'Notificações';
  return `Notificações, ${unread} ${unread === 1 ? 'não lida' : 'não lidas'}`;
}

/** The count drawn on the bell: up to 99, then '99+'; empty when none. */
export function bellCount(unread: number): string {
  if (!unread || unread < 0) return '';
  return unread > 99 ? '99+' : String(unread);
}

/** 'agora mesmo' within a minute, else date-fns' pt-BR distance: 'há 5 minutos', 'há 2 horas', 'há 3 dias'. */
export function relativeTime(value: string | Date, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  if (Math.abs(now.getTime() - date.getTime()) < 60_000) return 'agora mesmo';
  return formatDistanceStrict(date, now, { addSuffix: true, locale: ptBR, roundingMethod: 'floor' });
}
