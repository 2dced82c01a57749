-- Two rules of the support desk, kept by the database so they hold for every client of the API:
--   * a staff reply the client can see on an open ticket moves it to in_progress ('Em Progresso'), as choosing that
--     status would; a reply on a ticket already in progress or resolved leaves the status alone, and an internal note
--     changes nothing;
--   * a ticket leaving 'resolved' (the client's message reopens it, or the staff sets another status) is written to the
--     activity log as ticket_reopened, with who did it.

alter table public.activity_log drop constraint activity_log_kind_check;
alter table public.activity_log add constraint activity_log_kind_check check (kind in (
  'client_signed_up', 'client_added', 'project_created', 'project_status_changed', 'project_update_posted',
  'project_document_uploaded', 'ticket_opened', 'ticket_answered', 'ticket_resolved', 'ticket_reopened'
));

create or replace function private.ticket_messages_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner_id uuid;
begin
  if new.internal then
    return null;
  end if;
  select t.user_id into owner_id from public.support_tickets t where t.id = new.ticket_id for update;
  if new.author_id is not distinct from owner_id then
    update public.support_tickets t
       set status = case when t.status = 'resolved' then 'open' else t.status end,
           waiting_since = case when t.status = 'resolved' or t.waiting_since is null then new.created_at else t.waiting_since end
     where t.id = new.ticket_id;
  else
    update public.support_tickets t
       set response_content = case when new.created_at >= coalesce(t.last_staff_reply_at, '-infinity') then new.body
                                   else t.response_content end,
           last_staff_reply_at = greatest(new.created_at, t.last_staff_reply_at),
           waiting_since = null,
           status = case when t.status = 'open' then 'in_progress' else t.status end
     where t.id = new.ticket_id;
  end if;
  return null;
end;
$$;
comment on function private.ticket_messages_after_insert() is
  'AFTER INSERT on ticket_messages: a visible message moves the ticket; the client''s reopens a resolved one, the staff''s becomes response_content and moves an open ticket to in_progress. Internal notes change nothing.';
revoke execute on function private.ticket_messages_after_insert() from public, anon, authenticated;

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
  elsif old.status = 'resolved' and new.status <> 'resolved' then
    perform private.log_activity('ticket_reopened', new.id, new.subject);
  end if;
  return null;
end;
$$;
comment on function private.log_ticket_activity() is
  'AFTER INSERT/UPDATE OF status on support_tickets: ticket_opened, ticket_resolved, ticket_reopened (leaving resolved).';
revoke execute on function private.log_ticket_activity() from public, anon, authenticated;
