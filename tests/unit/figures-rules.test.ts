// How the console's activity events read in pt-BR and where they link; plan, month and percent labels.
import { describe, expect, it } from 'vitest';
import {
  activityActor,
  activityHref,
  activityText,
  formatPercent,
  monthLabel,
  planLabel,
  relativeTime,
} from '../../src/lib/domain/figures-rules';

const ID = '0b7c2a64-2f5e-4a52-9a51-6f0d7c1e9a01';

describe('activityText e activityHref', () => {
  it.each([
    ['client_signed_up', null, 'Novo cadastro no portal: X', `/admin/clients/${ID}`],
    ['client_added', null, 'Cliente adicionado pela agência: X', `/admin/clients/${ID}`],
    ['project_created', null, 'Projeto criado: X', `/admin/projects/${ID}`],
    ['project_status_changed', 'in-progress', 'Projeto "X" passou para Em andamento', `/admin/projects/${ID}`],
    ['project_update_posted', null, 'Atualização publicada no projeto "X"', `/admin/projects/${ID}`],
    ['project_document_uploaded', 'contrato.pdf', 'Documento "contrato.pdf" enviado ao projeto "X"', `/admin/projects/${ID}`],
    ['ticket_opened', null, 'Ticket aberto: X', `/admin/support/${ID}`],
    ['ticket_answered', null, 'Ticket respondido: X', `/admin/support/${ID}`],
    ['ticket_resolved', null, 'Ticket resolvido: X', `/admin/support/${ID}`],
    ['ticket_reopened', null, 'Ticket reaberto: X', `/admin/support/${ID}`],
    ['invoice_issued', null, 'Fatura X emitida', `/admin/invoices/${ID}`],
    ['invoice_updated', null, 'Fatura X alterada', `/admin/invoices/${ID}`],
    ['invoice_overdue', null, 'Fatura X venceu sem pagamento', `/admin/invoices/${ID}`],
    ['invoice_paid', 'transferencia', 'Fatura X paga (transferência)', `/admin/invoices/${ID}`],
    ['invoice_cancelled', 'Duplicada', 'Fatura X cancelada: Duplicada', `/admin/invoices/${ID}`],
    ['pix_payment_rejected', 'amount_mismatch', 'Pix recusado para X: valor diferente do total', '/admin/billing'],
  ])('%s diz o que aconteceu e leva à página do assunto', (kind, detail, text, href) => {
    expect(activityText({ kind, label: 'X', detail })).toBe(text);
    expect(activityHref({ kind, subjectId: ID })).toBe(href);
  });

  it('um tipo desconhecido mostra o rótulo e não tem link', () => {
    expect(activityText({ kind: 'outro', label: 'X', detail: null })).toBe('X');
    expect(activityHref({ kind: 'outro', subjectId: ID })).toBeNull();
  });

  it('quem fez: o nome, ou "Sistema" quando foi o próprio banco', () => {
    expect(activityActor({ actorName: 'Ana' })).toBe('Ana');
    expect(activityActor({ actorName: null })).toBe('Sistema');
    expect(activityActor({ actorName: '  ' })).toBe('Sistema');
  });
});

describe('relativeTime', () => {
  const now = new Date('2026-11-24T15:00:00Z');
  it.each([
    ['2026-11-24T13:00:00Z', 'há 2 horas'],
    ['2026-11-24T14:59:00Z', 'há 1 minuto'],
    ['2026-11-24T14:59:30Z', 'há 30 segundos'],
    ['2026-11-21T15:00:00Z', 'há 3 dias'],
    ['2026-11-23T14:00:00Z', 'há 1 dia'],
    ['2026-09-20T15:00:00Z', 'há 2 meses'],
    ['2024-11-20T15:00:00Z', 'há 2 anos'],
    ['2026-11-24T15:00:00Z', 'agora'],
    ['2026-11-24T15:00:05Z', 'agora'],
  ])('%s → %s', (when, text) => {
    expect(relativeTime(when, now)).toBe(text);
  });

  it('uma data inválida não mostra nada', () => {
    expect(relativeTime('x', now)).toBe('');
  });
});

describe('rótulos', () => {
  it('plano: o nome do pacote, "Sem plano" para vazio, um código desconhecido como veio', () => {
    expect(planLabel('advanced')).toBe('Pacote Avançado IA');
    expect(planLabel('')).toBe('Sem plano');
    expect(planLabel('gold')).toBe('gold');
  });

  it('mês: abreviação pt-BR e ano', () => {
    expect(monthLabel('2026-03-01')).toBe('mar/2026');
    expect(monthLabel('2026-13-01')).toBe('2026-13-01');
  });

  it('porcentagem com uma casa em pt-BR, travessão quando não há', () => {
    expect(formatPercent(42.5)).toBe('42,5%');
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent(null)).toBe('—');
  });
});
