// npm run bench:live: Realtime delivery latency of the local Supabase, from a change's commit to the subscriber's
// postgres_changes callback (realtime-js through supabase-js, over the `ws` websocket), with 1 and with 100 subscribed
// clients. Each client is its own user with its own token and subscribes to every INSERT on support_tickets, as the
// live ticket list does; row-level security decides who gets each ticket, so every change is checked against every
// subscriber and only its owner receives it. p50 and p95 over BENCH_LIVE_CHANGES changes (default 60) after a warm-up,
// and the ratio of the two scenarios. Writes bench/live.json.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import WebSocket from 'ws';
import { startLocalSupabase } from '../local-supabase/index.ts';
import { percentile } from './lib/bench-figures.ts';

const CHANGES = Number(process.env.BENCH_LIVE_CHANGES ?? 60);
const WARMUP = Number(process.env.BENCH_LIVE_WARMUP ?? 10);
const SCENARIOS = (process.env.BENCH_LIVE_CLIENTS ?? '1,100').split(',').map(Number);

const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

const sb = await startLocalSupabase({ port: 0, dataDir: null, rateLimits: false, quiet: true });
const service = createClient(sb.url, sb.serviceRoleKey, options);

interface Subscriber {
  userId: string;
  client: SupabaseClient;
  /** Resolvers waiting for a ticket id. */
  waiting: Map<string, (at: number, commit: string) => void>;
}

async function makeSubscriber(i: number): Promise<Subscriber> {
  const { data, error } = await service.auth.admin.createUser({ email: `bench-live-${i}-${Date.now()}@exemplo.com.br`, email_confirm: true });
  if (error) throw error;
  const userId = data.user.id;
  const now = Math.floor(Date.now() / 1000);
  // An access token for the user as GoTrue signs it (the bench measures Realtime, not sign-in).
  const token = await sb.keys.sign({ sub: userId, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + 3600 });
  const client = createClient(sb.url, sb.publishableKey, { ...options, accessToken: async () => token });
  // The token goes into the join itself (otherwise realtime-js may join with the anon key and, having fetched the
  // token meanwhile, never send it).
  await client.realtime.setAuth();
  const waiting = new Map<string, (at: number, commit: string) => void>();
  await new Promise<void>((resolve, reject) => {
    const channel = client
      .channel(`bench-${i}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'support_tickets' }, (p) => {
        const at = Date.now();
        waiting.get(String(p.new.id))?.(at, p.commit_timestamp);
      })
      .on('system', {}, (m: { extension?: string; status?: string }) => {
        if (m.extension === 'postgres_changes') (m.status === 'ok' ? resolve() : reject(new Error(JSON.stringify(m))));
      });
    channel.subscribe((status, err) => {
      if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
  return { userId, client, waiting };
}

/** Inserts a ticket for `owner` and resolves with the commit → callback time in ms. */
async function oneChange(owner: Subscriber, n: number): Promise<number> {
  const id = crypto.randomUUID();
  const delivered = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`ticket ${id} not delivered within 10 s`)), 10_000);
    owner.waiting.set(id, (at, commit) => {
      clearTimeout(timer);
      owner.waiting.delete(id);
      resolve(at - Date.parse(commit));
    });
  });
  const { error } = await service.from('support_tickets').insert({ id, user_id: owner.userId, subject: `Chamado ${n}`, message_content: 'Medição de entrega ao vivo.' });
  if (error) throw error;
  return delivered;
}

const subscribers: Subscriber[] = [];
const results: { clients: number; p50: number; p95: number; max: number }[] = [];
try {
  for (const count of SCENARIOS) {
    while (subscribers.length < count) subscribers.push(await makeSubscriber(subscribers.length));
    const active = subscribers.slice(0, count);
    // Only the scenario's clients stay subscribed.
    for (const s of subscribers.slice(count)) await s.client.removeAllChannels();
    const times: number[] = [];
    for (let i = 0; i < WARMUP + CHANGES; i++) {
      const t = await oneChange(active[i % active.length]!, i);
      if (i >= WARMUP) times.push(t);
    }
    results.push({ clients: count, p50: percentile(times, 50), p95: percentile(times, 95), max: Math.max(...times) });
    console.log(`${count} cliente(s) inscrito(s): ${CHANGES} mudanças medidas`);
  }
  console.log('\nEntrega Realtime (ms, do commit ao callback do assinante; RLS de cada um):');
  console.table(Object.fromEntries(results.map((r) => [`${r.clients} cliente(s)`, { p50: r.p50, p95: r.p95, max: r.max }])));
  const first = results[0]!;
  const last = results[results.length - 1]!;
  const ratio = { p50: +(last.p50 / Math.max(first.p50, 1)).toFixed(2), p95: +(last.p95 / Math.max(first.p95, 1)).toFixed(2) };
  console.log(`${last.clients} ÷ ${first.clients} clientes: p50 ${ratio.p50}×, p95 ${ratio.p95}×`);
  mkdirSync('bench', { recursive: true });
  writeFileSync(
    'bench/live.json',
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
        changesPerScenario: CHANGES,
        warmupChanges: WARMUP,
        scenarios: results,
        ratio,
      },
      null,
      2,
    )}\n`,
  );
} finally {
  await Promise.all(subscribers.map((s) => s.client.removeAllChannels()));
  await sb.stop();
}
