// `npm run pix:simulate -- <invoice> [--amount <reais>]` reads its arguments as documented and refuses anything else
// with a pt-BR message.
import { describe, expect, it } from 'vitest';
import { parseArgs } from '../../scripts/pix-simulate.ts';

describe('pix:simulate arguments', () => {
  it('takes the invoice id or number and an optional amount in reais', () => {
    expect(parseArgs(['2026-0001'])).toEqual({ invoice: '2026-0001', amountCents: null });
    expect(parseArgs(['2026-0001', '--amount', '499.90'])).toEqual({ invoice: '2026-0001', amountCents: 49990 });
    expect(parseArgs(['--amount=10,5', 'abc'])).toEqual({ invoice: 'abc', amountCents: 1050 });
  });

  it('refuses a bad amount, an unknown option and a missing invoice', () => {
    expect(() => parseArgs(['2026-0001', '--amount', 'dez'])).toThrow('Valor inválido em --amount: "dez" (exemplo: 499.00).');
    expect(() => parseArgs(['2026-0001', '--valor', '1'])).toThrow(/^Opção desconhecida: --valor/);
    expect(() => parseArgs([])).toThrow(/^Uso: npm run pix:simulate/);
  });
});
