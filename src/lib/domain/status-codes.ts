// The codes the database's check constraints allow in the status, source and priority columns. The generated
// database types see these columns as plain text; data modules narrow them with these unions.
// tests/db/status-codes.test.ts fails when a list here and its constraint differ.
export const PROJECT_STATUS_CODES = ['pending', 'in-progress', 'completed'] as const;
export const TICKET_STATUS_CODES = ['open', 'in_progress', 'resolved'] as const;
export const CLIENT_STATUS_CODES = ['lead', 'prospect', 'active', 'on_hold', 'completed', 'lost'] as const;
export const CLIENT_SOURCE_CODES = ['referral', 'website', 'social_media', 'event', 'outbound', 'other'] as const;
export const TASK_STATUS_CODES = ['Pendente', 'Em Andamento', 'Concluída', 'Bloqueada'] as const;
export const TASK_PRIORITY_CODES = ['Baixa', 'Média', 'Alta', 'Urgente'] as const;
export const INVOICE_STATUS_CODES = ['open', 'overdue', 'paid', 'cancelled'] as const;
export const PAYMENT_METHOD_CODES = ['pix', 'transferencia', 'boleto', 'outro'] as const;
export const PIX_OUTCOME_CODES = ['paid', 'amount_mismatch', 'unknown_txid', 'not_payable', 'replay', 'invalid'] as const;
export const NOTIFICATION_KIND_CODES = [
  'ticket_reply',
  'ticket_opened',
  'ticket_message',
  'project_status',
  'project_progress',
  'project_update',
  'project_document',
  'task_assigned',
  'invoice_issued',
  'invoice_due_soon',
  'invoice_overdue',
  'invoice_paid',
] as const;

export type ProjectStatus = (typeof PROJECT_STATUS_CODES)[number];
export type TicketStatus = (typeof TICKET_STATUS_CODES)[number];
/** CRM client status codes; labels: Lead, Prospecção, Ativo, Em Espera, Concluído, Perdido. */
export type ClientStatus = (typeof CLIENT_STATUS_CODES)[number];
/** CRM client source codes; labels: Indicação, Site, Redes Sociais, Evento, Outbound, Outro. */
export type ClientSource = (typeof CLIENT_SOURCE_CODES)[number];
export type TaskStatus = (typeof TASK_STATUS_CODES)[number];
export type TaskPriority = (typeof TASK_PRIORITY_CODES)[number];
/** Invoice status codes; labels: Aberta, Vencida, Paga, Cancelada. */
export type InvoiceStatus = (typeof INVOICE_STATUS_CODES)[number];
/** How an invoice was paid; labels: Pix, Transferência, Boleto, Outro. */
export type PaymentMethod = (typeof PAYMENT_METHOD_CODES)[number];
/** What a Pix notification did (public.pix_notifications.outcome). */
export type PixOutcome = (typeof PIX_OUTCOME_CODES)[number];
export type NotificationKind = (typeof NOTIFICATION_KIND_CODES)[number];
