// pix-webhook: the bank's Pix payment notifications, in the Central Bank's Pix API webhook format
// (POST <url>/pix with {"pix": [{"endToEndId", "txid", "valor", "horario", ...}, ...]}).
//
// Authenticated by a secret shared with the bank (PIX_WEBHOOK_SECRET, set with `supabase secrets set`): in the header
// `x-pix-webhook-secret`, or in the URL as `?secret=` for banks that only let you register a URL. Without a
// configured secret every call is refused. verify_jwt is off for this function (the bank sends no Supabase JWT).
//
// Each item goes to public.record_pix_payment (service role), which pays the invoice whose txid and amount match and
// records and logs anything else (amount mismatch, unknown txid, replay) without changing an invoice. The answer is
// 200 with one outcome per item, so the bank does not retry what was already recorded; a body that is not a Pix
// notification is 400, a wrong secret 401.
import { createClient } from '@supabase/supabase-js';

declare const Deno: {
  env: { get(key: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
};

/** Compares two strings in time that does not depend on where they differ. */
function sameSecret(given: string, expected: string): boolean {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  let diff = a.length ^ b.length;
  for (let i = 0; i < Math.max(a.length, b.length); i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

function serviceKey(): string | undefined {
  const secretKeys = Deno.env.get('SUPABASE_SECRET_KEYS');
  if (secretKeys) {
    try {
      const parsed = JSON.parse(secretKeys) as Record<string, string>;
      if (parsed.default) return parsed.default;
    } catch {
      // fall back to the legacy key
    }
  }
  return Deno.env.get('SUPABASE_SERVICE_ROLE_KEY');
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json({ erro: 'Use POST.' }, 405);
  const expected = Deno.env.get('PIX_WEBHOOK_SECRET');
  if (!expected) return json({ erro: 'Webhook Pix sem segredo configurado (PIX_WEBHOOK_SECRET).' }, 503);
  const given = req.headers.get('x-pix-webhook-secret') ?? new URL(req.url).searchParams.get('secret') ?? '';
  if (!sameSecret(given, expected)) return json({ erro: 'Não autorizado.' }, 401);

  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return json({ erro: 'O corpo não é JSON.' }, 400);
  }
  const items = (body as { pix?: unknown } | null)?.pix;
  if (!Array.isArray(items)) return json({ erro: 'Esperado {"pix": [...]}.' }, 400);

  const url = Deno.env.get('SUPABASE_URL');
  const key = serviceKey();
  if (!url || !key) return json({ erro: 'Função sem acesso ao banco.' }, 500);
  const db = createClient(url, key, { auth: { persistSession: false, autoRefreshToken: false } });

  const results: { endToEndId: unknown; txid: unknown; resultado: string }[] = [];
  for (const item of items) {
    const { data, error } = await db.rpc('record_pix_payment', { item: item as never });
    // A database failure is the one case the bank should retry: 500 for the whole call.
    if (error) return json({ erro: 'Falha ao registrar a notificação; tente de novo.' }, 500);
    const record = (item ?? {}) as Record<string, unknown>;
    results.push({ endToEndId: record.endToEndId ?? null, txid: record.txid ?? null, resultado: String(data) });
  }
  return json({ recebidos: results.length, resultados: results });
});
export {};
