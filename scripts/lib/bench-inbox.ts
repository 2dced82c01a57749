// The admin part of `npm run bench:scale`: tickets with 3 messages each spread over 1,000 clients, and the requests the
// admin screens make (rpc support_inbox, support_waiting_count, admin_projects), signed in as the demo admin.
import type { PGlite } from '@electric-sql/pglite';
import type { SupabaseClient } from '@supabase/supabase-js';

export const INBOX_CLIENTS = 1000;
const PAGE = 50;

type Answer = { error: { message: string } | null };

/**
 * The admin inbox's requests (default view: waiting, oldest first; every ticket; searches; the sidebar count) and the
 * project management list (every client's projects: page 1 and a title search).
 */
export const ADMIN_QUERIES: Record<string, (admin: SupabaseClient) => PromiseLike<Answer>> = {
  'suporte: aguardando (padrão)': (admin) => admin.rpc('support_inbox', { page_limit: PAGE + 1 }),
  'suporte: todos, por atividade': (admin) => admin.rpc('support_inbox', { waiting_only: false, page_limit: PAGE + 1 }),
  'suporte: busca no assunto': (admin) =>
    admin.rpc('support_inbox', { waiting_only: false, search_term: '4242', page_limit: PAGE + 1 }),
  'suporte: busca cliente (aguardando)': (admin) =>
    admin.rpc('support_inbox', { search_term: 'cliente0042@', page_limit: PAGE + 1 }),
  'suporte: contagem aguardando (rpc)': (admin) => admin.rpc('support_waiting_count'),
  'gestão de projetos: página 1': (admin) => admin.rpc('admin_projects', { page_limit: PAGE + 1 }),
  'gestão de projetos: busca no título': (admin) => admin.rpc('admin_projects', { search_term: '4242', page_limit: PAGE + 1 }),
};

/**
 * Tops the tickets up to `size` in total, each with 3 messages, over INBOX_CLIENTS clients (created on the first call),
 * straight in SQL as the database owner. A third of the tickets waits for the agency (client, staff reply, client),
 * a third is in progress with an internal note, a third is resolved. The ticket columns the message trigger keeps are
 * written directly and the message triggers are off during the load, so the load takes seconds, not minutes.
 */
export async function seedInbox(pg: PGlite, adminId: string, size: number): Promise<void> {
  await pg.query(
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     select ('00000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'authenticated', 'authenticated',
            'cliente' || lpad(g::text, 4, '0') || '@escala-suporte.com.br', '', now(),
            '{"provider":"email","providers":["email"]}', jsonb_build_object('full_name', 'Cliente de Escala ' || lpad(g::text, 4, '0'))
     from generate_series(1, $1::int) g
     on conflict (id) do nothing`,
    [INBOX_CLIENTS],
  );
  const have = Number((await pg.query<{ n: number }>('select count(*)::int as n from public.support_tickets')).rows[0].n);
  if (have >= size) return;
  await pg.exec('begin');
  try {
    // Ticket g at minute 0; messages at 30, 60, 90. open: staff, client, client (waits since 60);
    // in_progress: client, internal note, staff; resolved: client, staff, staff.
    await pg.query(
      `insert into public.support_tickets (id, user_id, subject, message_content, status, response_content, waiting_since,
                                           last_staff_reply_at, created_at, updated_at)
       select ('10000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
              ('00000000-0000-4000-8000-' || lpad((1 + g % $3::int)::text, 12, '0'))::uuid,
              'Ticket de escala ' || g, 'Mensagem inicial do ticket ' || g, s.status,
              'Mensagem ' || case when s.status = 'open' then 1 else 3 end || ' do ticket ' || g,
              case when s.status = 'open' then c.at + interval '60 minutes' end,
              c.at + case when s.status = 'open' then interval '30 minutes' else interval '90 minutes' end,
              c.at, c.at + interval '90 minutes'
       from generate_series($1::int, $2::int) g
       cross join lateral (select (array['open', 'in_progress', 'resolved'])[1 + g % 3] as status) s
       cross join lateral (select now() - make_interval(secs => g * 30) as at) c`,
      [have + 1, size, INBOX_CLIENTS],
    );
    await pg.exec('alter table public.ticket_messages disable trigger user');
    await pg.query(
      `insert into public.ticket_messages (ticket_id, author_id, body, internal, created_at)
       select t.id,
              case when (t.status = 'open' and m.n >= 2) or (t.status <> 'open' and m.n = 1) then t.user_id else $1::uuid end,
              'Mensagem ' || m.n || ' do ticket ' || substr(t.subject, 18), t.status = 'in_progress' and m.n = 2,
              t.created_at + make_interval(mins => 30 * m.n)
       from public.support_tickets t cross join generate_series(1, 3) as m (n)
       where t.id between ('10000000-0000-4000-8000-' || lpad($2::text, 12, '0'))::uuid
                      and ('10000000-0000-4000-8000-' || lpad($3::text, 12, '0'))::uuid`,
      [adminId, have + 1, size],
    );
    await pg.exec('alter table public.ticket_messages enable trigger user');
    await pg.exec('commit');
  } catch (error) {
    await pg.exec('rollback');
    throw error;
  }
  for (const table of ['support_tickets', 'ticket_messages', 'profiles']) await pg.exec(`vacuum analyze public.${table}`);
}
