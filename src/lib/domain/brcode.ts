// The static BR Code ('Pix Copia e Cola') of an invoice: the EMV payload with the key, amount, txid and CRC16, built and
// read back by pix-utils (a library made for Pix). Kept apart from pix.ts so that only the screens that draw a code
// load the library.
import { createStaticPix, hasError, parsePix, PixElementType } from 'pix-utils';
import { PIX_LIMITS } from './pix';

/** Upper case without accents: how names and cities travel in a BR Code. */
export function brCodeText(value: string): string {
  return value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9 .,'-]/g, '').toUpperCase().trim();
}

export interface BrCodeInput {
  pixKey: string;
  receiverName: string;
  city: string;
  amountCents: number;
  txid: string;
}

/** The static BR Code ('Pix Copia e Cola') of an amount and txid: EMV payload ending in its CRC16. */
export function buildBrCode(input: BrCodeInput): string {
  const pix = createStaticPix({
    merchantName: brCodeText(input.receiverName).slice(0, PIX_LIMITS.receiverName),
    merchantCity: brCodeText(input.city).slice(0, PIX_LIMITS.city),
    pixKey: input.pixKey,
    txid: input.txid,
    transactionAmount: input.amountCents / 100,
  });
  if (hasError(pix)) throw new Error('Não foi possível gerar o código Pix com os dados de recebimento da agência.');
  return pix.throwIfError().toBRCode();
}

export interface ParsedBrCode {
  pixKey: string;
  amountCents: number | null;
  txid: string | null;
  receiverName: string;
  city: string;
}

/** Reads a static BR Code back (the CRC must match); null when it is not a valid static Pix code. */
export function parseBrCode(code: string): ParsedBrCode | null {
  const parsed = parsePix(code);
  if (hasError(parsed) || parsed.type !== PixElementType.STATIC) return null;
  return {
    pixKey: parsed.pixKey,
    amountCents: parsed.transactionAmount === undefined ? null : Math.round(parsed.transactionAmount * 100),
    txid: parsed.txid ?? null,
    receiverName: parsed.merchantName,
    city: parsed.merchantCity,
  };
}
