-- The agency's activity feed ('Atividade Recente'): what happened, written by the database itself.
--
-- Rules:
--   * rows are written only by triggers (through private.log_activity); the API roles have no insert, update or delete
--     privilege, and nobody may execute private.log_activity through the API;
--   * admins read every row; anyone else reads none (the policy admits admins only, so a select or a count answers an
--     empty list, never an error that tells what exists);
--   * each row says who (actor_id, a profile; null for the database itself or the service role), what (kind), about what
--     (subject_id: the project, ticket or agency client to link to) and a short label (project title, ticket subject,
--     client name) copied when it happened, so the feed is one index walk.
-- Events: client_signed_up (an account created or claimed its agency client), client_added (an admin added an agency
-- client), project_created, project_status_changed (detail = the new status), project_update_posted,
-- project_document_uploaded (reserved for the documents feature: its trigger calls
-- private.log_activity('project_document_uploaded', <project id>, <file name>)), ticket_opened, ticket_answered (a staff
-- reply the client can see; internal notes are not logged), ticket_resolved.

create table public.activity_log (
  id bigint generated always as identity primary key,
  created_at timestamptz not null default now(),
  actor_id uuid constraint activity_log_actor_id_fkey references public.profiles (id) on delete set null,
  kind text not null constraint activity_log_kind_check check (kind in (
    'client_signed_up', 'client_added', 'project_created', 'project_status_changed', 'project_update_posted',
    'project_document_uploaded', 'ticket_opened', 'ticket_answered', 'ticket_resolved'
  )),
  subject_id uuid not null,
  label text not null,
  detail text
);
comment on table public.activity_log is
  'What happened in the portal (sign-ups, projects, tickets, agency clients), written by triggers only; admins read it, nobody else.';
comment on column public.activity_log.actor_id is 'Who did it (a profile); null when the database or the service role did.';
comment on column public.activity_log.subject_id is 'The project, ticket or agency client the event is about (clients for client_*, projects for project_*, tickets for ticket_*).';
comment on column public.activity_log.label is 'The subject''s name when it happened: project title, ticket subject or client name (at most 200 characters).';
comment on column public.activity_log.detail is 'Extra fact of the event: the new status of project_status_changed; null otherwise.';

-- The feed newest first, and the actor link (the feed embeds the actor's name).
create index activity_log_created_at_idx on public.activity_log (created_at desc, id desc);
create index activity_log_actor_id_idx on public.activity_log (actor_id);

alter table public.activity_log enable row level security;

revoke all on table public.activity_log from anon, authenticated;
grant select on table public.activity_log to authenticated;

create policy "activity_log: admins read the activity"
  on public.activity_log for select to authenticated
  using ((select public.is_admin()));

-- Writes one event. The actor defaults to the caller of the API (auth.uid()), kept only when that profile exists.
-- Security definer so that triggers fired by any user may write; no API role may execute it.
create or replace function private.log_activity(
  event_kind text, subject uuid, subject_label text, event_detail text default null, actor uuid default null
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.activity_log (actor_id, kind, subject_id, label, detail)
  select (select p.id from public.profiles p where p.id = coalesce(actor, auth.uid())),
         event_kind, subject, left(coalesce(nullif(subject_label, ''), '—'), 200), event_detail
$$;
comment on function private.log_activity(text, uuid, text, text, uuid) is
  'Writes one public.activity_log row (kind, subject id, label, detail, actor = caller by default). For triggers only.';
revoke execute on function private.log_activity(text, uuid, text, text, uuid) from public, anon, authenticated, service_role;

-- The triggers below run as the definer so they may call private.log_activity whoever changed the row.
create or replace function private.log_project_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.log_activity('project_created', new.id, new.title);
  elsif new.status is distinct from old.status then
    perform private.log_activity('project_status_changed', new.id, new.title, new.status);
  end if;
  return null;
end;
$$;
comment on function private.log_project_activity() is 'AFTER INSERT/UPDATE OF status on projects: project_created, project_status_changed.';
revoke execute on function private.log_project_activity() from public, anon, authenticated;

create trigger projects_log_activity
  after insert or update of status on public.projects
  for each row execute function private.log_project_activity();

create or replace function private.log_project_update_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.log_activity('project_update_posted', new.project_id,
    (select p.title from public.projects p where p.id = new.project_id), null, new.author_id);
  return null;
end;
$$;
comment on function private.log_project_update_activity() is 'AFTER INSERT on project_updates: project_update_posted (subject: the project).';
revoke execute on function private.log_project_update_activity() from public, anon, authenticated;

create trigger project_updates_log_activity
  after insert on public.project_updates
  for each row execute function private.log_project_update_activity();

create or replace function private.log_ticket_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    perform private.log_activity('ticket_opened', new.id, new.subject, null, new.user_id);
  elsif new.status = 'resolved' and old.status <> 'resolved' then
    perform private.log_activity('ticket_resolved', new.id, new.subject);
  end if;
  return null;
end;
$$;
comment on function private.log_ticket_activity() is 'AFTER INSERT/UPDATE OF status on support_tickets: ticket_opened, ticket_resolved.';
revoke execute on function private.log_ticket_activity() from public, anon, authenticated;

create trigger support_tickets_log_activity
  after insert or update of status on public.support_tickets
  for each row execute function private.log_ticket_activity();

-- A staff reply: a message the client can see whose author is not the ticket's owner.
create or replace function private.log_ticket_message_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ticket public.support_tickets;
begin
  select t.* into ticket from public.support_tickets t where t.id = new.ticket_id;
  if not new.internal and new.author_id is distinct from ticket.user_id then
    perform private.log_activity('ticket_answered', ticket.id, ticket.subject, null, new.author_id);
  end if;
  return null;
end;
$$;
comment on function private.log_ticket_message_activity() is 'AFTER INSERT on ticket_messages: ticket_answered for a staff reply (internal notes are not logged).';
revoke execute on function private.log_ticket_message_activity() from public, anon, authenticated;

create trigger ticket_messages_log_activity
  after insert on public.ticket_messages
  for each row when (not new.internal)
  execute function private.log_ticket_message_activity();
