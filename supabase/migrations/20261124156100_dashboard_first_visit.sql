-- The first visit to the dashboard, kept per account (so it holds across devices and browsers): the dashboard greets a
-- brand-new user with 'Bem-vindo(a)' and a returning one with 'Bem-vindo(a) de volta'.
--
-- Rules:
--   * profiles.first_dashboard_visit_at is null until the account's first dashboard visit, then the server's time of
--     that visit; nobody writes it directly;
--   * record_dashboard_visit() stores it on the first call and answers whether this call was the first (true once per
--     account, even with two tabs opening at the same moment);
--   * accounts that existed before this rule count as having visited already.

alter table public.profiles add column first_dashboard_visit_at timestamptz;
comment on column public.profiles.first_dashboard_visit_at is
  'When the account first opened the dashboard (null: never). Written only by record_dashboard_visit().';
update public.profiles set first_dashboard_visit_at = coalesce(created_at, now()) where first_dashboard_visit_at is null;

-- Security definer because nobody may write the column directly (the update grant covers full_name and avatar_url
-- only); it touches the caller's own row and nothing else.
create or replace function private.record_dashboard_visit()
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  me uuid := auth.uid();
  was_first boolean;
begin
  if me is null then
    raise exception using errcode = '42501', message = 'Entre na sua conta para continuar.';
  end if;
  update public.profiles set first_dashboard_visit_at = now()
   where id = me and first_dashboard_visit_at is null
  returning true into was_first;
  return coalesce(was_first, false);
end;
$$;
comment on function private.record_dashboard_visit() is
  'Stores now() as the caller''s first dashboard visit if none is stored; true when this call was the first. Called by public.record_dashboard_visit.';
revoke execute on function private.record_dashboard_visit() from public, anon;
grant execute on function private.record_dashboard_visit() to authenticated, service_role;

create or replace function public.record_dashboard_visit()
returns boolean
language sql
volatile
security invoker
set search_path = ''
as $$
  select private.record_dashboard_visit()
$$;
comment on function public.record_dashboard_visit() is
  'The caller opened the dashboard: true the first time for this account (greeted as new), false afterwards.';
revoke execute on function public.record_dashboard_visit() from public, anon;
grant execute on function public.record_dashboard_visit() to authenticated, service_role;
