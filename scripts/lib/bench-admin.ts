// The admin console part of `npm run bench:scale`: the agency's clients (no owner) topped up to each size, and the
// console's requests signed in as the demo admin, as src/lib/data builds them: the dashboard cards, the activity feed,
// each analytics tab, billing (first page of each scope and the totals), the agency list (first page and a search) and
// the team.
import type { PGlite } from '@electric-sql/pglite';
import type { SupabaseClient } from '@supabase/supabase-js';

const PAGE = 50;

type Answer = { error: { message: string } | null };

export const CONSOLE_QUERIES: Record<string, (admin: SupabaseClient) => PromiseLike<Answer>> = {
  'console: cartões do painel (rpc)': (admin) => admin.rpc('admin_dashboard_figures'),
  'console: atividade recente (10)': (admin) =>
    admin.from('activity_log')
      .select('id, kind, subject_id, label, detail, created_at, actor:profiles!activity_log_actor_id_fkey(full_name, email)')
      .order('created_at', { ascending: false }).order('id', { ascending: false }).limit(10),
  'console: análise visão geral (rpc)': (admin) => admin.rpc('admin_analytics_monthly'),
  'console: análise clientes (rpc)': (admin) => admin.rpc('admin_analytics_clients'),
  'console: análise projetos (rpc)': (admin) => admin.rpc('admin_analytics_projects'),
  'console: análise financeiro (rpc)': (admin) => admin.rpc('admin_analytics_received'),
  'console: faturamento, página 1 (rpc)': (admin) =>
    admin.rpc('admin_billing', { status_scope: 'active', page_offset: 0, page_limit: PAGE + 1 }),
  'console: faturamento, todos, página 1 (rpc)': (admin) =>
    admin.rpc('admin_billing', { status_scope: 'all', page_offset: 0, page_limit: PAGE + 1 }),
  'console: totais do faturamento (rpc)': (admin) => admin.rpc('admin_billing_totals', { status_scope: 'active' }),
  'console: clientes da agência, página 1': (admin) => admin.rpc('admin_search_clients', { page_limit: PAGE + 1 }),
  'console: clientes da agência, busca': (admin) => admin.rpc('admin_search_clients', { search_term: '4242', page_limit: PAGE + 1 }),
  'console: equipe (rpc)': (admin) => admin.rpc('admin_team'),
};

/** Tops the agency's clients (owner_user_id null, no account) up to `size`, straight in SQL as the database owner. */
export async function seedAgencyClients(pg: PGlite, size: number): Promise<void> {
  const have = Number((await pg.query<{ n: number }>('select count(*)::int as n from public.clients where owner_user_id is null')).rows[0].n);
  if (have >= size) return;
  await pg.query(
    `insert into public.clients (full_name, email, company_name, status, source, created_at)
     select 'Lead de Escala ' || g, 'lead' || g || '@agencia-escala.com.br', 'Empresa Agência ' || g,
            (array['lead','prospect','active','on_hold','completed','lost'])[1 + g % 6],
            (array['referral','website','social_media','event','outbound','other'])[1 + g % 6],
            now() - make_interval(secs => g * 300)
     from generate_series($1::int, $2::int) g`,
    [have + 1, size],
  );
  for (const table of ['clients', 'activity_log']) await pg.exec(`vacuum analyze public.${table}`);
}
