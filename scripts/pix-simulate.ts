// `npm run pix:simulate -- <invoice id or number> [--amount <reais>]`: plays the bank's Pix notification for an
// invoice, so the whole payment loop runs on one machine. It reads the invoice (id, or number such as 2026-0001), and
// POSTs {"pix": [{endToEndId, txid, valor, horario}]} to the pix-webhook Edge Function with the webhook's secret, with
// the invoice's own total unless --amount says otherwise; then it prints what the webhook answered.
//
// Target: SUPABASE_URL and SUPABASE_SECRET_KEY when set; otherwise the local Supabase of `npm start` (as admin:grant).
// The secret: PIX_WEBHOOK_SECRET, else the one in supabase/functions/.env; for a Supabase on this machine a missing
// secret is created there (the file is out of git and the local server reads it again when it changes).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import { centsToReais, reaisToCents } from '../src/lib/domain/pix.ts';
import { hostedTarget, localTarget, NODE_CLIENT_OPTIONS, type AdminTarget } from './admin-grant.ts';

export class SimulateError extends Error {}

const USAGE =
  'Uso: npm run pix:simulate -- <id ou número da fatura> [--amount <reais>]\n' +
  '  Envia ao webhook pix-webhook a notificação que o banco enviaria pelo pagamento da fatura (com o valor dela, ou o de --amount).';

export interface SimulateArgs { invoice: string; amountCents: number | null }

export function parseArgs(argv: readonly string[]): SimulateArgs {
  const rest: string[] = [];
  let amountCents: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') throw new SimulateError(USAGE);
    if (arg === '--amount' || arg.startsWith('--amount=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      amountCents = value === undefined ? null : reaisToCents(value);
      if (amountCents === null) throw new SimulateError(`Valor inválido em --amount: "${value ?? ''}" (exemplo: 499.00).`);
    } else if (arg.startsWith('-')) throw new SimulateError(`Opção desconhecida: ${arg}\n${USAGE}`);
    else rest.push(arg);
  }
  if (rest.length !== 1) throw new SimulateError(USAGE);
  return { invoice: rest[0]!, amountCents };
}

const ENV_FILE = path.resolve('supabase/functions/.env');

/** The webhook's secret; on the local Supabase a missing one is written to supabase/functions/.env. */
export function webhookSecret(createIfMissing: boolean, env: NodeJS.ProcessEnv = process.env): string {
  if (env.PIX_WEBHOOK_SECRET?.trim()) return env.PIX_WEBHOOK_SECRET.trim();
  const text = fs.existsSync(ENV_FILE) ? fs.readFileSync(ENV_FILE, 'utf8') : '';
  const line = /^\s*PIX_WEBHOOK_SECRET\s*=\s*"?([^"\n]+)"?\s*$/m.exec(text);
  if (line) return line[1]!.trim();
  if (!createIfMissing) throw new SimulateError('Defina PIX_WEBHOOK_SECRET com o segredo configurado no webhook.');
  const secret = randomBytes(24).toString('hex');
  fs.writeFileSync(ENV_FILE, `${text}${text && !text.endsWith('\n') ? '\n' : ''}PIX_WEBHOOK_SECRET=${secret}\n`, { mode: 0o600 });
  return secret;
}

export interface SimulateResult { number: string; txid: string; valor: string; answer: unknown; status: number }

export async function simulate(target: Pick<AdminTarget, 'url' | 'secretKey'>, args: SimulateArgs, secret: string): Promise<SimulateResult> {
  const db = createClient(target.url, target.secretKey, NODE_CLIENT_OPTIONS);
  const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(args.invoice);
  const { data, error } = await db
    .from('invoices')
    .select('number, pix_txid, total_cents, status')
    .eq(byId ? 'id' : 'number', args.invoice)
    .maybeSingle();
  if (error) throw new SimulateError(`Não foi possível ler a fatura: ${error.message}`);
  if (!data) throw new SimulateError(`Nenhuma fatura com ${byId ? 'o id' : 'o número'} ${args.invoice}.`);
  const valor = centsToReais(args.amountCents ?? Number(data.total_cents));
  const notification = {
    pix: [{
      endToEndId: `E00000000${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex')}`.slice(0, 32),
      txid: data.pix_txid,
      valor,
      horario: new Date().toISOString(),
      infoPagador: 'Pagamento simulado (pix:simulate)',
    }],
  };
  const response = await fetch(`${target.url}/functions/v1/pix-webhook/pix`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-pix-webhook-secret': secret },
    body: JSON.stringify(notification),
  });
  const answer = await response.json().catch(() => null);
  return { number: data.number, txid: data.pix_txid, valor, answer, status: response.status };
}

const OUTCOME_TEXT: Record<string, string> = {
  paid: 'fatura paga',
  amount_mismatch: 'valor diferente do total: nada mudou (registrado para a equipe)',
  unknown_txid: 'txid desconhecido: nada mudou (registrado para a equipe)',
  not_payable: 'a fatura já estava paga ou cancelada: nada mudou (registrado para a equipe)',
  replay: 'notificação repetida: nada mudou',
  invalid: 'notificação inválida: nada mudou',
};

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const hosted = hostedTarget();
  const target = hosted ?? (await localTarget());
  try {
    // A secret is made up only for a Supabase on this machine (npm start, the e2e server), never for a hosted one.
    const local = !hosted || ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(target.url).hostname);
    const secret = webhookSecret(local);
    const result = await simulate(target, args, secret);
    const outcome = (result.answer as { resultados?: { resultado: string }[] } | null)?.resultados?.[0]?.resultado;
    if (result.status !== 200 || !outcome) {
      throw new SimulateError(`O webhook respondeu ${result.status}: ${JSON.stringify(result.answer)}`);
    }
    console.log(`Fatura ${result.number} (txid ${result.txid}), Pix de R$ ${result.valor.replace('.', ',')}: ${OUTCOME_TEXT[outcome] ?? outcome}.`);
  } finally {
    await target.close?.();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof SimulateError || (error as Error)?.name === 'GrantError'
      ? (error as Error).message
      : `Erro inesperado: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
