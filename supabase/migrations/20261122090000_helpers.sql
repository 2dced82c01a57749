-- Shared helpers: the admin check used by every policy, the updated_at trigger, and a private schema
-- for functions that must never be reachable through the REST API (PostgREST only exposes public).

create schema if not exists private;
comment on schema private is 'Functions used by triggers and policies; not exposed through the REST API.';
revoke all on schema private from public;
-- Policies run as the caller, so the API role needs usage to reach the helpers that policies call.
grant usage on schema private to authenticated, service_role;

-- Admin = app_metadata.role in the JWT. app_metadata is written only by the server (service role);
-- user_metadata is editable by the user through updateUser and must never grant anything.
create or replace function public.is_admin()
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(((select auth.jwt()) -> 'app_metadata' ->> 'role') = 'admin', false)
$$;
comment on function public.is_admin() is 'True when the caller''s JWT carries app_metadata.role = ''admin'' (never user_metadata).';
revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;

-- updated_at moves forward on every update, even twice in one transaction, so that screens can use it
-- for optimistic concurrency (update ... where updated_at = <loaded value>).
create or replace function public.set_updated_at()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.updated_at := greatest(now(), old.updated_at + interval '1 microsecond');
  return new;
end;
$$;
comment on function public.set_updated_at() is 'BEFORE UPDATE trigger: sets updated_at to now (strictly later than the previous value).';
revoke execute on function public.set_updated_at() from public, anon, authenticated;
