-- One profile per auth user, kept in step with auth.users by triggers. Every name or e-mail the
-- screens show comes from here, never from auth.users.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  full_name text,
  email text,
  avatar_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'Public face of each auth user (name, e-mail, avatar). Visible: own row and the staff (admins); admins see all.';

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function public.set_updated_at();

-- Copies name, e-mail and avatar from auth.users. Security definer because the auth server's own role
-- writes auth.users and has no rights on public.profiles; it lives in the private schema and nobody
-- but the trigger may execute it.
create or replace function private.sync_profile_from_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name, email, avatar_url)
  values (
    new.id,
    nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''),
    new.email,
    nullif(btrim(new.raw_user_meta_data ->> 'avatar_url'), '')
  )
  on conflict (id) do update
    set full_name = excluded.full_name,
        email = excluded.email,
        avatar_url = excluded.avatar_url;
  return new;
end;
$$;
comment on function private.sync_profile_from_auth_user() is 'Trigger on auth.users: creates or refreshes the matching public.profiles row.';
revoke execute on function private.sync_profile_from_auth_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.sync_profile_from_auth_user();

create trigger on_auth_user_updated
  after update of email, raw_user_meta_data on auth.users
  for each row
  when (old.email is distinct from new.email or old.raw_user_meta_data is distinct from new.raw_user_meta_data)
  execute function private.sync_profile_from_auth_user();

-- Users that existed before this migration (a hosted project with sign-ups already) get their profile too.
insert into public.profiles (id, full_name, email, avatar_url)
select u.id,
       nullif(btrim(u.raw_user_meta_data ->> 'full_name'), ''),
       u.email,
       nullif(btrim(u.raw_user_meta_data ->> 'avatar_url'), '')
from auth.users u
on conflict (id) do nothing;

-- Ids of the staff (users whose app_metadata.role is admin). Security definer because auth.users is not
-- readable by the API roles; it returns ids only, and lives outside the exposed schema.
create or replace function private.admin_user_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id from auth.users u where u.raw_app_meta_data ->> 'role' = 'admin'
$$;
comment on function private.admin_user_ids() is 'Ids of the staff (app_metadata.role = admin), for the profiles policy.';
revoke execute on function private.admin_user_ids() from public, anon;
grant execute on function private.admin_user_ids() to authenticated, service_role;

alter table public.profiles enable row level security;

revoke all on table public.profiles from anon, authenticated;
grant select on table public.profiles to authenticated;
grant update (full_name, avatar_url) on table public.profiles to authenticated;

create policy "profiles: a user reads their own profile and the staff's; admins read all"
  on public.profiles for select to authenticated
  using (
    id = (select auth.uid())
    or (select public.is_admin())
    or id in (select private.admin_user_ids())
  );

create policy "profiles: a user updates their own profile"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

-- The people a task can be assigned to. Runs with the caller's rights, so it lists exactly the
-- profiles the caller may see: a client sees themself and the staff, an admin sees everyone.
create view public.users_view_for_assignment
  with (security_invoker = true)
  as select p.id, p.full_name, p.email from public.profiles p;
comment on view public.users_view_for_assignment is 'Assignable users (id, full_name, email) over profiles, with the caller''s rights.';

revoke all on table public.users_view_for_assignment from anon, authenticated;
grant select on table public.users_view_for_assignment to authenticated;
