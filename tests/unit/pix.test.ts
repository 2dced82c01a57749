// The agency's Pix key follows the Central Bank's rules per kind (as the database's check does), and every BR Code the
// portal generates reads back with the same key, amount and txid and a correct CRC16/CCITT-FALSE.
import { describe, expect, it } from 'vitest';
import { brCodeText, buildBrCode, parseBrCode } from '../../src/lib/domain/brcode';
import { centsToReais, normalizePixKey, pixKeyKind, reaisToCents, validatePixSettings } from '../../src/lib/domain/pix';

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF), written here independently of the library under test. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The top-level EMV fields of a payload (ID → value). */
function tlv(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let i = 0;
  while (i < payload.length) {
    const id = payload.slice(i, i + 2);
    const len = Number(payload.slice(i + 2, i + 4));
    fields.set(id, payload.slice(i + 4, i + 4 + len));
    i += 4 + len;
  }
  return fields;
}

describe('chave Pix', () => {
  it.each([
    ['529.982.247-25', '52998224725', 'cpf'],
    ['11.222.333/0001-81', '11222333000181', 'cnpj'],
    ['12.ABC.345/01DE-35', '12ABC34501DE35', 'cnpj'],
    [' Financeiro@Agencia.com.br ', 'financeiro@agencia.com.br', 'email'],
    ['+55 (11) 91234-5678', '+5511912345678', 'phone'],
    ['123E4567-E89B-42D3-A456-426614174000', '123e4567-e89b-42d3-a456-426614174000', 'evp'],
  ])('%s vale como %s', (typed, stored, kind) => {
    expect(normalizePixKey(typed)).toBe(stored);
    expect(pixKeyKind(normalizePixKey(typed))).toBe(kind);
  });

  it.each(['529.982.247-24', '111.111.111-11', '11.222.333/0001-82', '+1 415 555 0100', '+55 11 1234-5678', 'sem-arroba', '11912345678x'])(
    '%s não é chave Pix',
    (typed) => {
      expect(pixKeyKind(normalizePixKey(typed))).toBeNull();
    },
  );

  it('o formulário Faturamento explica cada erro em pt-BR', () => {
    expect(validatePixSettings({ pixKey: '123', receiverName: 'A', city: 'B', billingDay: 10 }).pixKey).toMatch(/^Chave Pix inválida/);
    expect(validatePixSettings({ pixKey: '52998224725', receiverName: '', city: '', billingDay: 10 })).toEqual({
      receiverName: 'Com a chave Pix, informe também o nome do recebedor e a cidade.',
      city: 'Com a chave Pix, informe também o nome do recebedor e a cidade.',
    });
    expect(validatePixSettings({ pixKey: '', receiverName: 'N'.repeat(26), city: 'C'.repeat(16), billingDay: 29 })).toEqual({
      receiverName: 'O nome do recebedor pode ter no máximo 25 caracteres.',
      city: 'A cidade pode ter no máximo 15 caracteres.',
      billingDay: 'O dia de vencimento deve estar entre 1 e 28.',
    });
    expect(validatePixSettings({ pixKey: 'pix@agencia.com.br', receiverName: 'Agência', city: 'São Paulo', billingDay: '5' })).toEqual({});
  });
});

describe('valores em reais', () => {
  it('centavos e reais vão e voltam sem arredondar', () => {
    expect(centsToReais(99900)).toBe('999.00');
    expect(centsToReais(5)).toBe('0.05');
    expect(reaisToCents('999.00')).toBe(99900);
    expect(reaisToCents('1234,5')).toBe(123450);
    expect(reaisToCents('12')).toBe(1200);
    expect(reaisToCents('1.234,00')).toBeNull();
    expect(reaisToCents('-1')).toBeNull();
  });
});

describe('BR Code (Pix Copia e Cola)', () => {
  const keys = ['52998224725', '11222333000181', 'financeiro@agencia.com.br', '+5511912345678', '123e4567-e89b-42d3-a456-426614174000'];
  const amounts = [1, 99, 100, 49900, 99900, 199900, 123456789];
  const txids = ['A1B2C3D4E5F6G7H8I9J0K1L2M', 'FAT20260001', '7'];

  it('todo código gerado é lido de volta com a chave, o valor, o txid e o CRC certos', () => {
    let n = 0;
    for (const pixKey of keys) {
      for (const amountCents of amounts) {
        for (const txid of txids) {
          const code = buildBrCode({ pixKey, receiverName: 'Agência São João', city: 'São Paulo', amountCents, txid });
          expect(parseBrCode(code)).toEqual({ pixKey, amountCents, txid, receiverName: 'AGENCIA SAO JOAO', city: 'SAO PAULO' });
          // The CRC is the last field, computed over everything up to and including '6304'.
          expect(code.slice(-8, -4)).toBe('6304');
          expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
          const fields = tlv(code);
          expect(fields.get('00')).toBe('01');
          expect(fields.get('53')).toBe('986');
          expect(fields.get('54')).toBe(centsToReais(amountCents));
          expect(fields.get('58')).toBe('BR');
          expect(tlv(fields.get('26')!).get('00')).toBe('br.gov.bcb.pix');
          expect(tlv(fields.get('26')!).get('01')).toBe(pixKey);
          expect(tlv(fields.get('62')!).get('05')).toBe(txid);
          n++;
        }
      }
    }
    expect(n).toBe(keys.length * amounts.length * txids.length);
  });

  it('um código com um caractere trocado não passa na conferência do CRC', () => {
    const code = buildBrCode({ pixKey: keys[0]!, receiverName: 'Agência', city: 'Recife', amountCents: 49900, txid: 'ABC' });
    expect(parseBrCode(code.replace('499.00', '399.00'))).toBeNull();
  });

  it('nome e cidade vão sem acento, em maiúsculas e nos limites do padrão (25 e 15)', () => {
    expect(brCodeText('Agência Ação Ltda.')).toBe('AGENCIA ACAO LTDA.');
    const code = buildBrCode({ pixKey: keys[2]!, receiverName: 'Nome Muito Comprido Demais Para Caber', city: 'Santa Rita do Passa Quatro', amountCents: 100, txid: 'X' });
    const parsed = parseBrCode(code)!;
    expect(parsed.receiverName.length).toBeLessThanOrEqual(25);
    expect(parsed.city.length).toBeLessThanOrEqual(15);
  });
});
