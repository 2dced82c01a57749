// billing-job: the daily billing run (supabase/schedules.json locally; Supabase Cron on a hosted project). It calls
// public.generate_monthly_invoices() with the caller's own token, so the database decides who may run it: the
// schedule's service role key, or an admin's session. Idempotent: one invoice per project and month, however often it
// runs; it also turns open invoices past their due date overdue.
import { createClient } from '@supabase/supabase-js';

declare const Deno: {
  env: { get(key: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });

Deno.serve(async (req) => {
  if (req.method !== 'POST') return json({ erro: 'Use POST.' }, 405);
  const url = Deno.env.get('SUPABASE_URL');
  const anonKey = Deno.env.get('SUPABASE_ANON_KEY');
  const authorization = req.headers.get('authorization');
  if (!url || !anonKey || !authorization) return json({ erro: 'Não autorizado.' }, 401);
  const db = createClient(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: authorization } },
  });
  const { data, error } = await db.rpc('generate_monthly_invoices');
  if (error) return json({ erro: error.message }, error.code === '42501' ? 403 : 500);
  return json({ faturas_emitidas: data });
});
export {};
