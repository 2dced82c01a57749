// npm run bench:scale: one client with 1,000, 10,000 and 100,000 projects (four in five from a plan, priced by the
// database), CRM clients and tasks in the local Supabase,
// and as many support tickets (3 messages each) over 1,000 clients for the admin's support inbox, and as many agency
// clients for the admin console (dashboard, activity feed, analytics, billing totals, agency list, team), and as many
// invoices of that client for the client's 'Faturas' and the admin's billing desk (lists and totals).
// For each list query the screens make, p50 and p95 latency over 50 requests through the REST API (supabase-js, signed in
// as that client or as the demo admin, RLS applying), and the time for /projects, /my-clients and /tasks to show their
// first rows in Chromium (BENCH_SCREENS=0 skips the site build and the browser). Writes bench/scale.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../src/lib/database.types.ts';
import { startLocalSupabase } from '../local-supabase/index.ts';
import { CONSOLE_QUERIES, seedAgencyClients } from './lib/bench-admin.ts';
import { ADMIN_QUERIES, seedInbox } from './lib/bench-inbox.ts';
import { CLIENT_INVOICE_QUERIES, adminInvoiceQueries, seedInvoices } from './lib/bench-invoices.ts';
import { launchChromium, median, percentile, signInSession, startBenchStack, timeToVisible } from './lib/bench-stack.ts';

const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
/** Unmeasured rounds before each size's samples, so the first size does not pay the JIT's warm-up. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const PAGE = 50;
const WITH_SCREENS = process.env.BENCH_SCREENS !== '0';
/** BENCH_ONLY=faturas,cobrança measures only the queries whose names start with one of these words. */
const ONLY = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',').map((w) => w.trim()).filter(Boolean) : null;

/** Node 20 has no WebSocket; realtime is never used here. */
class NoRealtime {
  constructor() {
    throw new Error('realtime não é usado');
  }
}

type Db = SupabaseClient<Database>;
type Query = (db: Db, me: string) => PromiseLike<{ error: { message: string } | null }>;

// The list queries of the screens, as src/lib builds them (projects.ts, clients.ts, tasks.ts): one row more than the
// page (to know whether 'Carregar mais' shows) and no count; contains-searches through the search RPCs; the projects and
// CRM pages read their total from the per-status count RPC in parallel, so those two run together here too.
const TASK_SELECT =
  '*,creator:profiles!tasks_created_by_fkey(full_name,email),assignee:profiles!tasks_assigned_to_fkey(full_name,email),project:projects(title)';
type Answer = { error: { message: string } | null };
/** Requests sent together by one screen action: the first error wins. */
const together = async (...requests: PromiseLike<Answer>[]): Promise<Answer> => ({
  error: (await Promise.all(requests)).find((r) => r.error)?.error ?? null,
});
const QUERIES: Record<string, Query> = {
  'projetos: página 1': (db, me) =>
    together(
      db.from('projects').select('*').eq('user_id', me)
        .order('created_at', { ascending: false }).order('id', { ascending: false }).range(0, PAGE),
      db.rpc('project_status_counts'),
    ),
  'projetos: busca no título': (db) =>
    db.rpc('search_projects', { search_term: '4242', page_offset: 0, page_limit: PAGE + 1 }),
  'projetos: filtro de status': (db, me) =>
    together(
      db.from('projects').select('*').eq('user_id', me).eq('status', 'completed')
        .order('created_at', { ascending: false }).order('id', { ascending: false }).range(0, PAGE),
      db.rpc('project_status_counts'),
    ),
  'painel: 5 recentes': (db, me) =>
    db.from('projects').select('*').eq('user_id', me).order('created_at', { ascending: false }).limit(5),
  'painel: contagem por status (rpc)': (db) => db.rpc('project_status_counts'),
  'CRM: página 1': (db, me) =>
    together(
      db.from('clients').select('*').eq('owner_user_id', me)
        .order('created_at', { ascending: false }).order('id', { ascending: false }).range(0, PAGE),
      db.rpc('client_status_counts'),
    ),
  'CRM: busca nome/email/empresa': (db) =>
    db.rpc('search_clients', { search_term: '4242', page_offset: 0, page_limit: PAGE + 1 }),
  'CRM: contagem por status (rpc)': (db) => db.rpc('client_status_counts'),
  'tarefas: todas, página 1': (db, me) =>
    db.from('tasks').select(TASK_SELECT).or(`created_by.eq.${me},assigned_to.eq.${me}`)
      .order('created_at', { ascending: false }).order('id', { ascending: false }).range(0, PAGE),
  'tarefas: atribuídas a mim': (db, me) =>
    db.from('tasks').select(TASK_SELECT).eq('assigned_to', me)
      .order('created_at', { ascending: false }).order('id', { ascending: false }).range(0, PAGE),
  'tarefas: busca no título': async (db) => {
    const found = await db
      .rpc('search_tasks', { search_term: '4242', task_scope: 'all', page_offset: 0, page_limit: PAGE + 1 })
      .select('id');
    if (found.error || !found.data?.length) return { error: found.error };
    return db.from('tasks').select(TASK_SELECT).in('id', found.data.map((r) => r.id));
  },
};

const SCREENS = [
  { path: '/projects', selector: 'a:has-text("Ver detalhes")' },
  { path: '/my-clients', selector: 'table tbody tr' },
  { path: '/tasks', selector: 'table tbody tr' },
];

/** Tops the client's rows up to `size` in each list table, straight in SQL as the database owner. */
async function seedTo(pg: import('@electric-sql/pglite').PGlite, me: string, size: number): Promise<void> {
  const count = async (sql: string) => Number((await pg.query<{ n: number }>(sql, [me])).rows[0].n);
  const have = {
    projects: await count('select count(*)::int as n from public.projects where user_id = $1'),
    clients: await count('select count(*)::int as n from public.clients where owner_user_id = $1'),
    tasks: await count('select count(*)::int as n from public.tasks where created_by = $1 or assigned_to = $1'),
  };
  await pg.query(
    `insert into public.projects (user_id, title, description, status, progress, plan, created_at)
     select $1, 'Projeto de escala ' || g, 'Automação gerada para o teste de escala nº ' || g,
            (array['pending','in-progress','completed'])[1 + g % 3],
            case g % 3 when 0 then 0 when 1 then 10 + g % 80 else 100 end,
            (array['essential','advanced','premium','enterprise',null])[1 + g % 5],
            now() - make_interval(secs => g)
     from generate_series($2::int, $3::int) g`,
    [me, have.projects + 1, size],
  );
  await pg.query(
    `insert into public.clients (full_name, email, phone, company_name, status, source, owner_user_id, created_at)
     select 'Cliente de Escala ' || g, 'cliente' || g || '@escala.com.br', '(11) 9' || lpad((g % 100000000)::text, 8, '0'),
            'Empresa ' || g || ' Ltda', (array['lead','prospect','active','on_hold','completed','lost'])[1 + g % 6],
            (array['referral','website','social_media','event','outbound','other'])[1 + g % 6], $1, now() - make_interval(secs => g)
     from generate_series($2::int, $3::int) g`,
    [me, have.clients + 1, size],
  );
  await pg.query(
    `insert into public.tasks (title, description, status, priority, due_date, created_by, assigned_to, created_at)
     select 'Tarefa de escala ' || g, 'Descrição da tarefa ' || g,
            (array['Pendente','Em Andamento','Concluída','Bloqueada'])[1 + g % 4],
            (array['Baixa','Média','Alta','Urgente'])[1 + g % 4],
            current_date + (g % 60), $1, case when g % 2 = 0 then $1::uuid end, now() - make_interval(secs => g)
     from generate_series($2::int, $3::int) g`,
    [me, have.tasks + 1, size],
  );
  // What autovacuum does on a real database after a bulk load: statistics, visibility map, hint bits.
  // (one statement per call: VACUUM cannot run inside the transaction a multi-statement call opens)
  for (const table of ['projects', 'clients', 'tasks']) await pg.exec(`vacuum analyze public.${table}`);
}

async function main(): Promise<void> {
  console.log(WITH_SCREENS ? 'Subindo o Supabase local e o site construído...' : 'Subindo o Supabase local (sem telas)...');
  const stack = WITH_SCREENS
    ? await startBenchStack()
    : await startLocalSupabase({ port: 0, dataDir: null, rateLimits: false, quiet: true }).then((backend) => ({
      backend, site: null, stop: () => backend.stop(),
    }));
  const { backend, site } = stack;
  const report: Record<string, unknown>[] = [];
  const browser = WITH_SCREENS ? await launchChromium() : null;
  try {
    const session = await signInSession(backend.url, backend.publishableKey, 'cliente@exemplo.com.br', 'cliente123');
    const me = (session.user as { id: string }).id;
    const signedIn = (token: string) => createClient<Database>(backend.url, backend.publishableKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { headers: { Authorization: `Bearer ${token}` } },
      realtime: { transport: NoRealtime as unknown as typeof WebSocket },
    });
    const db = signedIn(session.access_token as string);
    const adminSession = await signInSession(backend.url, backend.publishableKey, 'admin@exemplo.com.br', 'admin123');
    const admin = signedIn(adminSession.access_token as string) as unknown as SupabaseClient;
    const adminId = (adminSession.user as { id: string }).id;

    for (const size of SIZES) {
      const t0 = Date.now();
      // With BENCH_ONLY, only the tables the chosen queries read are filled.
      const measured = (names: string[]) => !ONLY || names.some((name) => ONLY.some((word) => name.startsWith(word)));
      if (measured(Object.keys(QUERIES))) await seedTo(backend.pg, me, size);
      if (measured(Object.keys(ADMIN_QUERIES))) await seedInbox(backend.pg, adminId, size);
      if (measured(Object.keys(CONSOLE_QUERIES))) await seedAgencyClients(backend.pg, size);
      if (measured([...Object.keys(CLIENT_INVOICE_QUERIES), ...Object.keys(adminInvoiceQueries(me))])) await seedInvoices(backend.pg, me, size);
      // The load blocked the event loop past the server's keep-alive timeout: let the server close its idle sockets
      // now, so that the first request below does not race that close (ECONNRESET).
      await new Promise((done) => setTimeout(done, 500));
      console.log(`\n${size.toLocaleString('pt-BR')} linhas por tabela (semeadas em ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      // Round robin: each round sends every query once, so a pause of the server (a GC, a checkpoint) lands on
      // whichever query is running, not on all the samples of one of them.
      const entries: [string, () => PromiseLike<Answer>][] = [
        ...Object.entries(QUERIES).map(([name, run]) => [name, () => run(db, me)] as [string, () => PromiseLike<Answer>]),
        ...Object.entries(ADMIN_QUERIES).map(([name, run]) => [name, () => run(admin)] as [string, () => PromiseLike<Answer>]),
        ...Object.entries(CONSOLE_QUERIES).map(([name, run]) => [name, () => run(admin)] as [string, () => PromiseLike<Answer>]),
        ...Object.entries(CLIENT_INVOICE_QUERIES).map(([name, run]) => [name, () => run(db as unknown as SupabaseClient)] as [string, () => PromiseLike<Answer>]),
        ...Object.entries(adminInvoiceQueries(me)).map(([name, run]) => [name, () => run(admin)] as [string, () => PromiseLike<Answer>]),
      ].filter(([name]) => !ONLY || ONLY.some((word) => name.startsWith(word)));
      const times: Record<string, number[]> = Object.fromEntries(entries.map(([name]) => [name, []]));
      for (let round = 0; round < WARMUP + REQUESTS; round += 1) {
        for (const [name, run] of entries) {
          const start = performance.now();
          const { error } = await run();
          if (error) throw new Error(`${name}: ${error.message}`);
          if (round >= WARMUP) times[name].push(performance.now() - start);
        }
      }
      const queries = Object.fromEntries(
        entries.map(([name]) => [name, { p50: +percentile(times[name], 50).toFixed(1), p95: +percentile(times[name], 95).toFixed(1) }]),
      );
      const screens: Record<string, number> = {};
      for (const { path, selector } of SCREENS) {
        if (!browser || !site) break;
        const runs: number[] = [];
        for (let i = 0; i < 3; i += 1) runs.push(await timeToVisible(browser, site.url, backend.url, session, path, selector));
        screens[path] = Math.round(median(runs));
      }
      console.table(queries);
      console.log('Primeiras linhas na tela (ms, mediana de 3):', screens);
      report.push({ rows: size, queriesMs: queries, firstRowsMs: screens });
    }

    const first = report[0].queriesMs as Record<string, { p95: number }>;
    const last = report[report.length - 1].queriesMs as Record<string, { p95: number }>;
    const ratios = Object.fromEntries(Object.keys(first).map((k) => [k, +(last[k].p95 / first[k].p95).toFixed(2)]));
    console.log(`\np95 com ${SIZES[SIZES.length - 1]} ÷ p95 com ${SIZES[0]} (meta: ≤ 2):`);
    console.table(ratios);
    mkdirSync('bench', { recursive: true });
    writeFileSync(
      'bench/scale.json',
      `${JSON.stringify(
        {
          date: new Date().toISOString(),
          machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
          requestsPerQuery: REQUESTS,
          warmupRounds: WARMUP,
          sizes: report,
          p95Ratio: ratios,
        },
        null,
        2,
      )}\n`,
    );
    console.log('Resultado gravado em bench/scale.json');
  } finally {
    await browser?.close();
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
