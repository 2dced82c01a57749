-- How many distinct tickets each staff member answered per day, kept by a trigger, so the team screen's "tickets
-- answered in the last 30 days" sums at most 30 rows per person whatever the number of messages.
--
-- A staff reply is a message the client can see (not internal) whose author is not the ticket's owner. For each
-- (staff member, ticket) the day (America/Sao_Paulo) of the newest such reply is kept; a day's count is the tickets
-- whose newest reply by that person fell on that day. The tickets answered in a window of days are then the sum of
-- those days' counts, each ticket counted once. Deleting a ticket takes its rows and counts away.

create table private.staff_ticket_replies (
  staff_id uuid not null,
  ticket_id uuid not null constraint staff_ticket_replies_ticket_id_fkey references public.support_tickets (id) on delete cascade,
  last_day date not null,
  primary key (staff_id, ticket_id)
);
comment on table private.staff_ticket_replies is 'Day of the newest staff reply per (staff member, ticket); maintained by triggers.';
create index staff_ticket_replies_ticket_id_idx on private.staff_ticket_replies (ticket_id);

create table private.staff_reply_days (
  staff_id uuid not null,
  day date not null,
  n integer not null default 0,
  primary key (staff_id, day)
);
comment on table private.staff_reply_days is 'Tickets whose newest reply by a staff member fell on each day; maintained by triggers, read by admin_team.';

alter table private.staff_ticket_replies enable row level security;
alter table private.staff_reply_days enable row level security;
revoke all on table private.staff_ticket_replies from public, anon, authenticated;
revoke all on table private.staff_reply_days from public, anon, authenticated;
-- admin_team runs with the caller's rights; only admins read the day counts.
grant select on table private.staff_reply_days to authenticated, service_role;

create policy "staff_reply_days: admins read the team's counts"
  on private.staff_reply_days for select to authenticated
  using ((select public.is_admin()));

-- Security definer: the triggers write the counts whoever sent the message; not executable by the API roles.
create or replace function private.add_staff_reply_day(staff uuid, reply_day date, delta integer)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.staff_reply_days as d (staff_id, day, n) values (staff, reply_day, delta)
  on conflict (staff_id, day) do update set n = d.n + excluded.n
$$;
comment on function private.add_staff_reply_day(uuid, date, integer) is 'Adds delta to a staff member''s count of a day.';
revoke execute on function private.add_staff_reply_day(uuid, date, integer) from public, anon, authenticated, service_role;

-- The ticket row is already locked by the message trigger (ticket_messages_after_insert), so two replies on one ticket
-- are counted one after the other.
create or replace function private.track_staff_reply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  reply_day date := (new.created_at at time zone 'America/Sao_Paulo')::date;
  previous date;
begin
  if new.author_id is null
     or new.author_id = (select t.user_id from public.support_tickets t where t.id = new.ticket_id) then
    return null;
  end if;
  select r.last_day into previous from private.staff_ticket_replies r
   where r.staff_id = new.author_id and r.ticket_id = new.ticket_id for update;
  if previous is null then
    insert into private.staff_ticket_replies (staff_id, ticket_id, last_day) values (new.author_id, new.ticket_id, reply_day);
    perform private.add_staff_reply_day(new.author_id, reply_day, 1);
  elsif reply_day > previous then
    update private.staff_ticket_replies set last_day = reply_day where staff_id = new.author_id and ticket_id = new.ticket_id;
    perform private.add_staff_reply_day(new.author_id, previous, -1);
    perform private.add_staff_reply_day(new.author_id, reply_day, 1);
  end if;
  return null;
end;
$$;
comment on function private.track_staff_reply() is 'AFTER INSERT on ticket_messages (not internal): keeps the staff member''s newest reply day per ticket and the day counts.';
revoke execute on function private.track_staff_reply() from public, anon, authenticated;

create trigger ticket_messages_track_staff_reply
  after insert on public.ticket_messages
  for each row when (not new.internal)
  execute function private.track_staff_reply();

create or replace function private.untrack_staff_reply()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.add_staff_reply_day(old.staff_id, old.last_day, -1);
  return null;
end;
$$;
comment on function private.untrack_staff_reply() is 'AFTER DELETE on staff_ticket_replies (a ticket deleted): takes the ticket out of its day''s count.';
revoke execute on function private.untrack_staff_reply() from public, anon, authenticated;

create trigger staff_ticket_replies_untrack
  after delete on private.staff_ticket_replies
  for each row execute function private.untrack_staff_reply();

-- Replies written before this migration.
insert into private.staff_ticket_replies (staff_id, ticket_id, last_day)
select m.author_id, m.ticket_id, max((m.created_at at time zone 'America/Sao_Paulo')::date)
from public.ticket_messages m
join public.support_tickets t on t.id = m.ticket_id
where not m.internal and m.author_id is not null and m.author_id <> t.user_id
group by m.author_id, m.ticket_id;
insert into private.staff_reply_days (staff_id, day, n)
select r.staff_id, r.last_day, count(*)::integer from private.staff_ticket_replies r group by r.staff_id, r.last_day;
