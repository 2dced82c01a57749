// How invoices read on screen and in the accountant's CSV, and the staff form's checks (mirroring the database's).
import { describe, expect, it } from 'vitest';
import {
  formatCents,
  invoicesCsv,
  invoiceStatusLabel,
  isPayable,
  lineCents,
  monthRange,
  parseQuantity,
  parseReais,
  periodLabel,
  validateInvoiceForm,
} from '../../src/lib/domain/invoice-rules';

describe('faturas na tela', () => {
  it('status em pt-BR; só Aberta e Vencida podem ser pagas, editadas ou canceladas', () => {
    expect(['open', 'overdue', 'paid', 'cancelled'].map(invoiceStatusLabel)).toEqual(['Aberta', 'Vencida', 'Paga', 'Cancelada']);
    expect(['open', 'overdue', 'paid', 'cancelled'].map(isPayable)).toEqual([true, true, false, false]);
  });

  it('centavos em reais, competência e mês', () => {
    expect(formatCents(123456)).toBe('R$ 1.234,56');
    expect(periodLabel('2026-03-01')).toBe('março de 2026');
    expect(monthRange('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthRange('2026-13')).toBeNull();
    expect(lineCents(1.5, 20001)).toBe(30002);
  });

  it('valores e quantidades digitados à brasileira', () => {
    expect(parseReais('1.234,56')).toBe(123456);
    expect(parseReais('R$ 499')).toBe(49900);
    expect(parseReais('499.9')).toBe(49990);
    expect(parseReais('-1')).toBeNull();
    expect(parseReais('abc')).toBeNull();
    expect(parseQuantity('1,5')).toBe(1.5);
    expect(parseQuantity('0')).toBeNull();
  });

  it('o formulário da equipe diz cada problema em pt-BR', () => {
    expect(validateInvoiceForm({ clientId: '', due: '', items: [] })).toEqual([
      'Escolha o cliente da fatura.',
      'Informe o vencimento da fatura.',
      'Inclua ao menos um item na fatura.',
    ]);
    expect(validateInvoiceForm({ clientId: 'x', due: '2026-12-10', items: [{ description: ' ', quantity: '0', unit: 'dez' }] })).toEqual([
      'Descreva o item 1.',
      'A quantidade do item 1 deve ser um número maior que zero.',
      'O valor unitário do item 1 deve ser um valor em reais (ex.: 499,00).',
    ]);
    expect(validateInvoiceForm({ clientId: 'x', due: '2026-12-10', items: [{ description: 'Setup', quantity: '1', unit: '1.500,00' }] })).toEqual([]);
  });

  it('o CSV do mês abre numa planilha pt-BR e não executa fórmulas', () => {
    const csv = invoicesCsv([
      { number: '2026-0001', client: 'Ana; Cia', issue_date: '2026-11-01', due_date: '2026-11-10', status: 'paid', total_cents: 49900,
        paid_at: '2026-11-05T12:00:00Z', payment_method: 'pix', period: '2026-11-01' },
      { number: '2026-0002', client: '=HYPERLINK("x")', issue_date: '2026-11-02', due_date: '2026-11-12', status: 'open', total_cents: 5,
        paid_at: null, payment_method: null, period: null },
    ]);
    const lines = csv.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Número;Cliente;Emissão;Vencimento;Competência;Status;Total (R$);Pago em;Forma de pagamento');
    expect(lines[1]).toBe('2026-0001;"Ana; Cia";2026-11-01;2026-11-10;2026-11;Paga;499,00;2026-11-05;Pix');
    expect(lines[2]).toBe(`2026-0002;"'=HYPERLINK(""x"")";2026-11-02;2026-11-12;;Aberta;0,05;;`);
  });
});
