-- Notifications: what happened that a person should know about, for the bell of the signed-in area and for e-mail.
--
-- Rules:
--   * rows are written only by the triggers below (security definer); no API role may insert or delete one;
--   * the recipient (user_id) reads their own rows and may change read_at only (column grant); nobody else reads them;
--     marking read keeps the first time it was read and uses the server's clock;
--   * rows older than 90 days are removed by public.purge_notifications() (called on a schedule with the service role);
--   * e-mail state lives in private.notification_outbox (one row per notification, written by a trigger): the e-mail
--     function claims, sends and completes batches through service-role-only RPCs, so a failed send is retried and a
--     sent one is never claimed again;
--   * each user may turn the e-mails off (public.notification_preferences, a row the user owns; no row = e-mails on).
-- Events (title and body in pt-BR name the thing):
--   ticket_reply     a staff message the client can see on a ticket → the ticket's client (never an internal note);
--   ticket_opened    a new ticket → every admin;
--   ticket_message   the client's message on their ticket → every admin;
--   project_status / project_progress   status or progress changed → the owner when staff did it, every admin when
--                    the client did it;
--   project_update   an update posted → same rule; project_document   a document added → same rule;
--   task_assigned    a task given to someone (on create or when the assignee changes) → the assignee, unless they
--                    assigned it to themselves.
-- Staff = an admin, or no signed-in user (the service role, maintenance). The person who acted is never notified.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null constraint notifications_user_id_fkey references public.profiles (id) on delete cascade,
  kind text not null constraint notifications_kind_check check (kind in (
    'ticket_reply', 'ticket_opened', 'ticket_message', 'project_status', 'project_progress', 'project_update',
    'project_document', 'task_assigned'
  )),
  title text not null constraint notifications_title_check check (char_length(title) between 1 and 300),
  body text not null default '' constraint notifications_body_check check (char_length(body) <= 1000),
  link text not null constraint notifications_link_check check (link ~ '^/[A-Za-z0-9/_-]*$'),
  read_at timestamptz,
  -- The clock, not the transaction's start: events of one transaction keep their order.
  created_at timestamptz not null default clock_timestamp()
);
comment on table public.notifications is
  'What a user should know about (bell and e-mail). Written by triggers only; the recipient reads and marks read; kept 90 days.';
comment on column public.notifications.user_id is 'The recipient.';
comment on column public.notifications.kind is 'The event: ticket_reply, ticket_opened, ticket_message, project_status, project_progress, project_update, project_document, task_assigned.';
comment on column public.notifications.link is 'A path inside the portal to the thing the notification is about.';
comment on column public.notifications.read_at is 'When the recipient first opened or marked it read; null = unread.';

-- The bell: a user's newest first, and the unread count.
create index notifications_user_id_created_at_idx on public.notifications (user_id, created_at desc, id desc);
create index notifications_user_id_unread_idx on public.notifications (user_id) where read_at is null;
create index notifications_created_at_idx on public.notifications (created_at);

alter table public.notifications enable row level security;

revoke all on table public.notifications from anon, authenticated, service_role;
grant select on table public.notifications to authenticated, service_role;
grant update (read_at) on table public.notifications to authenticated;

create policy "notifications: the recipient reads their notifications"
  on public.notifications for select to authenticated
  using (user_id = (select auth.uid()));

create policy "notifications: the recipient marks their notifications read"
  on public.notifications for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- read_at is the server's time of the first read: a later "read" keeps it; null marks the notification unread again.
create or replace function private.notifications_read_at()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.read_at is not null then
    new.read_at := coalesce(old.read_at, now());
  end if;
  return new;
end;
$$;
comment on function private.notifications_read_at() is 'BEFORE UPDATE OF read_at on notifications: read_at = first read, on the server''s clock.';
revoke execute on function private.notifications_read_at() from public, anon, authenticated;

create trigger notifications_read_at
  before update of read_at on public.notifications
  for each row execute function private.notifications_read_at();

-- E-mail preferences: one row per user who changed them; no row means e-mails on.
create table public.notification_preferences (
  user_id uuid primary key default auth.uid() constraint notification_preferences_user_id_fkey references public.profiles (id) on delete cascade,
  email_enabled boolean not null default true,
  updated_at timestamptz not null default now()
);
comment on table public.notification_preferences is 'Per-user notification settings ("Receber notificações por e-mail"); the user reads and writes their own row only.';
comment on column public.notification_preferences.email_enabled is 'Whether notifications also go out by e-mail (default true; no row = true).';

create trigger notification_preferences_set_updated_at
  before update on public.notification_preferences
  for each row execute function public.set_updated_at();

alter table public.notification_preferences enable row level security;

revoke all on table public.notification_preferences from anon, authenticated;
grant select on table public.notification_preferences to authenticated;
grant insert (user_id, email_enabled) on table public.notification_preferences to authenticated;
grant update (email_enabled) on table public.notification_preferences to authenticated;

create policy "notification_preferences: a user reads their own"
  on public.notification_preferences for select to authenticated
  using (user_id = (select auth.uid()));

create policy "notification_preferences: a user creates their own"
  on public.notification_preferences for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "notification_preferences: a user changes their own"
  on public.notification_preferences for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- The e-mail outbox: one row per notification. Pending = not sent and not skipped; claimed rows belong to one run of
-- the e-mail function until it completes them (sent) or releases them (failed send), or the claim expires.
create table private.notification_outbox (
  notification_id uuid primary key references public.notifications (id) on delete cascade,
  user_id uuid not null,
  created_at timestamptz not null,
  claim_id uuid,
  claimed_at timestamptz,
  attempts integer not null default 0,
  sent_at timestamptz,
  skipped_at timestamptz
);
comment on table private.notification_outbox is 'E-mail state of each notification: claimed by a run of the e-mail function, then sent, or skipped (e-mails off).';
create index notification_outbox_pending_idx on private.notification_outbox (user_id, created_at)
  where sent_at is null and skipped_at is null;
create index notification_outbox_sent_idx on private.notification_outbox (user_id, sent_at desc) where sent_at is not null;
create index notification_outbox_claim_idx on private.notification_outbox (claim_id) where claim_id is not null;
revoke all on table private.notification_outbox from public, anon, authenticated, service_role;

create or replace function private.notifications_enqueue_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.notification_outbox (notification_id, user_id, created_at) values (new.id, new.user_id, new.created_at);
  return null;
end;
$$;
comment on function private.notifications_enqueue_email() is 'AFTER INSERT on notifications: queues the e-mail.';
revoke execute on function private.notifications_enqueue_email() from public, anon, authenticated;

create trigger notifications_enqueue_email
  after insert on public.notifications
  for each row execute function private.notifications_enqueue_email();

-- Writing notifications ---------------------------------------------------------------------------------------------

-- A name quoted in a title, cut to 80 characters.
create or replace function private.notification_quote(name text)
returns text
language sql
immutable
set search_path = ''
as $$
  select '"' || case when char_length(coalesce(name, '')) > 80 then left(name, 79) || '…' else coalesce(name, '') end || '"'
$$;
revoke execute on function private.notification_quote(text) from public, anon, authenticated;

-- A body excerpt: whitespace folded, at most 200 characters.
create or replace function private.notification_excerpt(content text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when char_length(t) > 200 then left(t, 199) || '…' else t end
  from (select btrim(regexp_replace(coalesce(content, ''), '\s+', ' ', 'g')) as t) s
$$;
revoke execute on function private.notification_excerpt(text) from public, anon, authenticated;

-- Whether someone is staff: an admin, or nobody signed in (the service role or maintenance).
create or replace function private.is_staff_actor(actor uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select actor is null or actor in (select private.admin_user_ids())
$$;
revoke execute on function private.is_staff_actor(uuid) from public, anon, authenticated;

create or replace function private.actor_name(actor uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select nullif(btrim(p.full_name), '') from public.profiles p where p.id = actor), 'A equipe')
$$;
revoke execute on function private.actor_name(uuid) from public, anon, authenticated;

-- One notification to one person (never to the person who acted, nor to an account that no longer exists).
create or replace function private.notify(
  recipient uuid, actor uuid, event_kind text, event_title text, event_body text, event_link text
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.notifications (user_id, kind, title, body, link)
  select p.id, event_kind, left(event_title, 300), left(coalesce(event_body, ''), 1000), event_link
  from public.profiles p
  where p.id = recipient and recipient is distinct from actor
$$;
revoke execute on function private.notify(uuid, uuid, text, text, text, text) from public, anon, authenticated, service_role;

-- The same notification to every admin but the one who acted.
create or replace function private.notify_admins(
  actor uuid, event_kind text, event_title text, event_body text, event_link text
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.notifications (user_id, kind, title, body, link)
  select p.id, event_kind, left(event_title, 300), left(coalesce(event_body, ''), 1000), event_link
  from public.profiles p
  where p.id in (select private.admin_user_ids()) and p.id is distinct from actor
$$;
revoke execute on function private.notify_admins(uuid, text, text, text, text) from public, anon, authenticated, service_role;

-- Tickets: a new ticket → every admin.
create or replace function private.notify_ticket_opened()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.notify_admins(new.user_id, 'ticket_opened',
    'Novo ticket: ' || private.notification_quote(new.subject),
    private.actor_name(new.user_id) || ': ' || private.notification_excerpt(new.message_content),
    '/admin/support/' || new.id);
  return null;
end;
$$;
comment on function private.notify_ticket_opened() is 'AFTER INSERT on support_tickets: ticket_opened to every admin.';
revoke execute on function private.notify_ticket_opened() from public, anon, authenticated;

create trigger support_tickets_notify
  after insert on public.support_tickets
  for each row execute function private.notify_ticket_opened();

-- A message the client can see: from the ticket's client → every admin; from anyone else (staff) → the client.
-- Internal notes notify nobody (the trigger does not even fire for them).
create or replace function private.notify_ticket_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ticket public.support_tickets;
begin
  select t.* into ticket from public.support_tickets t where t.id = new.ticket_id;
  if new.internal or ticket.id is null then
    return null;
  end if;
  if new.author_id is not distinct from ticket.user_id then
    perform private.notify_admins(new.author_id, 'ticket_message',
      'Nova mensagem no ticket ' || private.notification_quote(ticket.subject),
      private.actor_name(new.author_id) || ': ' || private.notification_excerpt(new.body),
      '/admin/support/' || ticket.id);
  else
    perform private.notify(ticket.user_id, new.author_id, 'ticket_reply',
      'Nova resposta no ticket ' || private.notification_quote(ticket.subject),
      private.actor_name(new.author_id) || ': ' || private.notification_excerpt(new.body),
      '/support/' || ticket.id);
  end if;
  return null;
end;
$$;
comment on function private.notify_ticket_message() is 'AFTER INSERT on ticket_messages: ticket_reply to the client or ticket_message to the admins; never for internal notes.';
revoke execute on function private.notify_ticket_message() from public, anon, authenticated;

create trigger ticket_messages_notify
  after insert on public.ticket_messages
  for each row when (not new.internal)
  execute function private.notify_ticket_message();

-- Projects: the status's pt-BR word in a title.
create or replace function private.project_status_words(status text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case status when 'pending' then 'pendente' when 'in-progress' then 'em andamento' when 'completed' then 'concluído'
    else status end
$$;
revoke execute on function private.project_status_words(text) from public, anon, authenticated;

-- A project event → the owner when staff acted, every admin when the client (or anyone else) did.
create or replace function private.notify_project_event(
  project public.projects, actor uuid, event_kind text, event_title text, event_body text
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.is_staff_actor(actor) then
    perform private.notify(project.user_id, actor, event_kind, event_title, event_body, '/projects/' || project.id);
  else
    perform private.notify_admins(actor, event_kind, event_title, event_body, '/admin/projects/' || project.id);
  end if;
end;
$$;
revoke execute on function private.notify_project_event(public.projects, uuid, text, text, text) from public, anon, authenticated, service_role;

create or replace function private.notify_project_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  headline text;
  detail text;
begin
  if new.status is not distinct from old.status and new.progress is not distinct from old.progress then
    return null;
  end if;
  headline := 'Projeto ' || private.notification_quote(new.title) || ' ' || private.project_status_words(new.status)
    || case when new.progress is not null and new.status <> 'completed' then ': ' || new.progress || ' %' else '' end;
  if new.status is distinct from old.status then
    detail := 'Status: ' || private.project_status_words(old.status) || ' → ' || private.project_status_words(new.status) || '.';
  else
    detail := 'Progresso: ' || coalesce(old.progress, 0) || ' % → ' || coalesce(new.progress, 0) || ' %.';
  end if;
  perform private.notify_project_event(new, auth.uid(),
    case when new.status is distinct from old.status then 'project_status' else 'project_progress' end, headline, detail);
  return null;
end;
$$;
comment on function private.notify_project_change() is 'AFTER UPDATE OF status, progress on projects: project_status or project_progress.';
revoke execute on function private.notify_project_change() from public, anon, authenticated;

create trigger projects_notify
  after update of status, progress on public.projects
  for each row execute function private.notify_project_change();

create or replace function private.notify_project_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project public.projects;
begin
  select p.* into project from public.projects p where p.id = new.project_id;
  if project.id is null then
    return null;
  end if;
  perform private.notify_project_event(project, new.author_id, 'project_update',
    'Nova atualização no projeto ' || private.notification_quote(project.title),
    private.actor_name(new.author_id) || ': ' || private.notification_excerpt(new.content));
  return null;
end;
$$;
comment on function private.notify_project_update() is 'AFTER INSERT on project_updates: project_update.';
revoke execute on function private.notify_project_update() from public, anon, authenticated;

create trigger project_updates_notify
  after insert on public.project_updates
  for each row execute function private.notify_project_update();

create or replace function private.notify_project_document()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project public.projects;
begin
  select p.* into project from public.projects p where p.id = new.project_id;
  if project.id is null then
    return null;
  end if;
  perform private.notify_project_event(project, new.uploaded_by, 'project_document',
    'Novo documento no projeto ' || private.notification_quote(project.title),
    private.actor_name(new.uploaded_by) || ' adicionou ' || private.notification_quote(new.name) || '.');
  return null;
end;
$$;
comment on function private.notify_project_document() is 'AFTER INSERT on project_documents: project_document.';
revoke execute on function private.notify_project_document() from public, anon, authenticated;

create trigger project_documents_notify
  after insert on public.project_documents
  for each row execute function private.notify_project_document();

-- Tasks: a new assignee (on create or change) hears about it, unless they assigned it to themselves.
create or replace function private.notify_task_assigned()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := coalesce(auth.uid(), new.created_by);
begin
  if new.assigned_to is null or (tg_op = 'UPDATE' and new.assigned_to is not distinct from old.assigned_to) then
    return null;
  end if;
  perform private.notify(new.assigned_to, actor, 'task_assigned',
    'Tarefa atribuída a você: ' || private.notification_quote(new.title),
    private.actor_name(actor) || ' atribuiu esta tarefa a você'
      || case when new.due_date is not null then ' (prazo: ' || to_char(new.due_date, 'DD/MM/YYYY') || ')' else '' end || '.',
    '/tasks');
  return null;
end;
$$;
comment on function private.notify_task_assigned() is 'AFTER INSERT / UPDATE OF assigned_to on tasks: task_assigned to the new assignee (not to oneself).';
revoke execute on function private.notify_task_assigned() from public, anon, authenticated;

create trigger tasks_notify
  after insert or update of assigned_to on public.tasks
  for each row execute function private.notify_task_assigned();

-- Keeping 90 days ---------------------------------------------------------------------------------------------------

create or replace function public.purge_notifications()
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from public.notifications n where n.created_at < now() - interval '90 days';
  get diagnostics removed = row_count;
  return removed;
end;
$$;
comment on function public.purge_notifications() is 'Removes notifications older than 90 days; returns how many. Service role only (called on a schedule).';
revoke execute on function public.purge_notifications() from public, anon, authenticated;
grant execute on function public.purge_notifications() to service_role;

-- E-mail batches (service role only) -------------------------------------------------------------------------------
-- A user's pending notifications go out together. A user who got an e-mail in the last 5 minutes waits until those 5
-- minutes are over, so everything of that window arrives in one e-mail; the first e-mail after a quiet spell leaves on
-- the next run. A claim holds the rows for one run; one not completed within 10 minutes is claimed again (the run
-- died), so a failed send is retried, and completed rows are never claimed again.

create or replace function public.claim_notification_emails(max_users integer default 50)
returns table (claim_id uuid, user_id uuid, email text, full_name text, notifications jsonb)
language plpgsql
security definer
set search_path = ''
as $$
declare
  recipient record;
  claim uuid;
begin
  -- Users who turned e-mails off (or have no address) skip what is pending: turning them on later sends nothing old.
  update private.notification_outbox o set skipped_at = now(), claim_id = null, claimed_at = null
   where o.sent_at is null and o.skipped_at is null
     and (o.user_id in (select p.user_id from public.notification_preferences p where not p.email_enabled)
          or not exists (select 1 from auth.users u where u.id = o.user_id and coalesce(u.email, '') <> ''));

  for recipient in
    select distinct o.user_id
      from private.notification_outbox o
     where o.sent_at is null and o.skipped_at is null
       and (o.claim_id is null or o.claimed_at < now() - interval '10 minutes')
       and not exists (
         select 1 from private.notification_outbox c
          where c.user_id = o.user_id and c.sent_at is null and c.skipped_at is null
            and c.claim_id is not null and c.claimed_at >= now() - interval '10 minutes')
       and not exists (
         select 1 from private.notification_outbox s
          where s.user_id = o.user_id and s.sent_at > now() - interval '5 minutes')
     limit greatest(coalesce(max_users, 50), 1)
  loop
    claim := gen_random_uuid();
    update private.notification_outbox o
       set claim_id = claim, claimed_at = now(), attempts = o.attempts + 1
     where o.notification_id in (
       select x.notification_id from private.notification_outbox x
        where x.user_id = recipient.user_id and x.sent_at is null and x.skipped_at is null
        for update skip locked);
    if found then
      return query
        select claim, u.id, u.email::text, coalesce(nullif(btrim(p.full_name), ''), u.email::text),
               (select jsonb_agg(jsonb_build_object('id', n.id, 'kind', n.kind, 'title', n.title, 'body', n.body,
                                                    'link', n.link, 'created_at', n.created_at)
                                 order by n.created_at, n.id)
                  from public.notifications n
                  join private.notification_outbox o on o.notification_id = n.id
                 where o.claim_id = claim)
          from auth.users u left join public.profiles p on p.id = u.id
         where u.id = recipient.user_id;
    end if;
  end loop;
end;
$$;
comment on function public.claim_notification_emails(integer) is
  'Claims the pending e-mail notifications of up to max_users users (one batch per user, oldest first). Service role only.';
revoke execute on function public.claim_notification_emails(integer) from public, anon, authenticated;
grant execute on function public.claim_notification_emails(integer) to service_role;

create or replace function public.complete_notification_email(claim uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  done integer;
begin
  update private.notification_outbox o set sent_at = now()
   where o.claim_id = claim and o.sent_at is null;
  get diagnostics done = row_count;
  return done;
end;
$$;
comment on function public.complete_notification_email(uuid) is 'Marks a claimed batch as sent. Service role only.';
revoke execute on function public.complete_notification_email(uuid) from public, anon, authenticated;
grant execute on function public.complete_notification_email(uuid) to service_role;

create or replace function public.release_notification_email(claim uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  released integer;
begin
  update private.notification_outbox o set claim_id = null, claimed_at = null
   where o.claim_id = claim and o.sent_at is null;
  get diagnostics released = row_count;
  return released;
end;
$$;
comment on function public.release_notification_email(uuid) is 'Gives a claimed batch back after a failed send, for the next run to retry. Service role only.';
revoke execute on function public.release_notification_email(uuid) from public, anon, authenticated;
grant execute on function public.release_notification_email(uuid) to service_role;

-- The bell updates live: the recipient's Realtime subscription receives their new and changed rows (RLS decides).
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if not (select puballtables from pg_publication where pubname = 'supabase_realtime')
     and not exists (select 1 from pg_publication_tables
                      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'notifications') then
    alter publication supabase_realtime add table public.notifications;
  end if;
end $$;
