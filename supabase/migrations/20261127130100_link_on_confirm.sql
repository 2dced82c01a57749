-- An account joins the agency's view only once its e-mail is confirmed. Anyone can sign up with any address; until the
-- link in the mail is used, nothing shows that the address's owner signed up. So:
--   * the agency client of an account (linking the agency lead with the same e-mail, or a new lead) and the
--     'client_signed_up' activity are made when email_confirmed_at is set: at insert when the account is created
--     confirmed (confirmations off, or the admin API with email_confirm), otherwise by the update that confirms it;
--   * admins read the profiles of confirmed accounts only (plus the staff's and their own), so an unconfirmed account
--     is in no picker or list of the agency: the 'Novo Projeto' client picker, 'Usuários', task assignees.
-- Accounts that were linked or logged before this rule while still unconfirmed are unlinked and their sign-up entries
-- removed; they are linked and logged again when (if) they confirm.

-- Ids of accounts whose e-mail is not confirmed. Security definer because auth.users is closed to the API roles; it
-- returns ids only and lives outside the exposed schema.
create or replace function private.unconfirmed_account_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.id from auth.users u where u.email_confirmed_at is null
$$;
comment on function private.unconfirmed_account_ids() is 'Ids of accounts whose e-mail is not confirmed yet, for the profiles policy.';
revoke execute on function private.unconfirmed_account_ids() from public, anon;
grant execute on function private.unconfirmed_account_ids() to authenticated, service_role;

drop policy "profiles: a user reads their own profile and the staff's; admins read all" on public.profiles;
create policy "profiles: a user reads their own profile and the staff's; admins read every confirmed account"
  on public.profiles for select to authenticated
  using (
    id = (select auth.uid())
    or id in (select private.admin_user_ids())
    or ((select public.is_admin()) and id not in (select private.unconfirmed_account_ids()))
  );

-- The agency client and the sign-up entry of a confirmed account (nothing when it already has its record, is staff,
-- or is not confirmed). Security definer: it runs for the auth server's role, which has no rights on public.clients.
create or replace function private.welcome_confirmed_account(account uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  record_id uuid;
begin
  if not exists (select 1 from auth.users u where u.id = account and u.email_confirmed_at is not null) then
    return;
  end if;
  record_id := private.link_agency_client(account);
  if record_id is not null then
    perform private.log_activity('client_signed_up', record_id,
      (select c.full_name from public.clients c where c.id = record_id), null, account);
  end if;
end;
$$;
comment on function private.welcome_confirmed_account(uuid) is
  'Links (or makes) the agency client of a confirmed account and logs client_signed_up; nothing for unconfirmed or staff accounts.';
revoke execute on function private.welcome_confirmed_account(uuid) from public, anon, authenticated;

-- A new profile: its account is welcomed now only when it was created confirmed.
create or replace function private.profiles_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.welcome_confirmed_account(new.id);
  return null;
end;
$$;
comment on function private.profiles_after_insert() is 'AFTER INSERT on profiles: the agency client and sign-up entry of an account created confirmed.';

-- The update that confirms the e-mail welcomes the account.
create or replace function private.welcome_on_email_confirmed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.welcome_confirmed_account(new.id);
  return null;
end;
$$;
comment on function private.welcome_on_email_confirmed() is 'Trigger on auth.users: when the e-mail becomes confirmed, the account gets its agency client.';
revoke execute on function private.welcome_on_email_confirmed() from public, anon, authenticated;

drop trigger if exists on_auth_user_email_confirmed_welcome on auth.users;
create trigger on_auth_user_email_confirmed_welcome
  after update of email_confirmed_at on auth.users
  for each row
  when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function private.welcome_on_email_confirmed();

-- The 'Novo Projeto' client picker: confirmed accounts that are not staff.
create or replace function private.admin_client_account_ids(search_term text, page_limit integer)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  pattern text := private.contains_pattern(search_term);
  take integer := least(greatest(coalesce(page_limit, 21), 1), 200);
begin
  perform private.require_admin();
  return array(
    select p.id
    from public.profiles p
    join auth.users u on u.id = p.id
    where coalesce(u.raw_app_meta_data ->> 'role', '') <> 'admin'
      and u.email_confirmed_at is not null
      and (pattern is null or p.full_name ilike pattern or p.email ilike pattern)
    order by lower(coalesce(nullif(btrim(p.full_name), ''), p.email)), p.email, p.id
    limit take
  );
end;
$$;
comment on function private.admin_client_account_ids(text, integer) is
  'Admins: ids of confirmed portal accounts that are not staff, matching the term on name or e-mail, by name. Called by public.admin_client_accounts.';
comment on function public.admin_client_accounts(text, integer) is
  'Admins: confirmed portal accounts that are not staff (id, full_name, email), contains-search on name or e-mail, by name, at most page_limit (1..200). Others: 403.';

-- 'Usuários': every confirmed account with its role.
create or replace function private.admin_users(page_offset integer, page_limit integer)
returns table (id uuid, full_name text, email text, role text, created_at timestamptz)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
  select u.id, p.full_name, coalesce(p.email, u.email::text), coalesce(u.raw_app_meta_data ->> 'role', 'user'), u.created_at
  from auth.users u
  left join public.profiles p on p.id = u.id
  where u.email_confirmed_at is not null
  order by u.created_at desc, u.id desc
  offset greatest(coalesce(page_offset, 0), 0)
  limit least(greatest(coalesce(page_limit, 51), 1), 1000);
end;
$$;
comment on function private.admin_users(integer, integer) is 'Admins: confirmed accounts with name, e-mail, role and creation date, newest first. Called by public.admin_users.';
comment on function public.admin_users(integer, integer) is 'Admins: confirmed accounts (name, e-mail, role admin or user, created_at), one page newest first. Others: 403.';

-- Unconfirmed accounts linked or logged before this rule: their sign-up entries go and their records are unlinked
-- (a record made for the account stays as an agency lead and is linked again when the account confirms).
delete from public.activity_log l
 where l.kind = 'client_signed_up'
   and l.actor_id in (select u.id from auth.users u where u.email_confirmed_at is null);
update public.clients c
   set account_user_id = null
 where c.account_user_id in (select u.id from auth.users u where u.email_confirmed_at is null);
