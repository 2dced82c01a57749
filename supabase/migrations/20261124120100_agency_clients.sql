-- The agency's clients are its own leads and every portal account; a user's own CRM contacts are theirs alone.
--
-- Rules (row-level security, column privileges and the triggers below):
--   * a row with owner_user_id = a user is that user's CRM contact: only that user reads, changes or deletes it (admins
--     included: the agency processes its clients' data only as far as it needs);
--   * a row with no owner (owner_user_id null) is the agency's client: admins read, add, change and delete those;
--   * account_user_id links an agency client to a portal account (profiles), one record per account. Only the database
--     and admins set it, and only on agency rows;
--   * signing up creates the account's agency client (status lead, source website, no owner), or links the agency lead
--     with the same e-mail (case-insensitive, not linked yet, oldest first) instead of making a second one. Accounts that
--     are staff (app_metadata.role = 'admin') when they sign up get none. An account made admin later keeps its
--     record, which stays in the agency's list until an admin deletes it;
--   * admins read every task (the collaborators screen), as well as the tasks they created or were given.

alter table public.clients
  add column account_user_id uuid constraint clients_account_user_id_fkey references public.profiles (id) on delete set null,
  add constraint clients_account_user_id_key unique (account_user_id),
  add constraint clients_account_only_agency_check check (account_user_id is null or owner_user_id is null);
comment on column public.clients.account_user_id is
  'The portal account (profiles) of an agency client; set by the sign-up trigger or by admins, never on a user''s own CRM contact.';
comment on column public.clients.owner_user_id is
  'The user whose CRM this row belongs to (only they read it); null for the agency''s clients, which admins manage.';
comment on table public.clients is
  'CRM contacts. A user''s own rows (owner_user_id) are theirs alone; rows with no owner are the agency''s clients, managed by admins.';

-- The agency's list newest first is served by clients_owner_user_id_created_at_idx (owner_user_id is null); the
-- sign-up looks up an agency lead by e-mail.
create index clients_agency_email_idx on public.clients (lower(email)) where owner_user_id is null;

-- Non-admins never set the account link (admins, the service role and the database do).
create or replace function private.clients_account_guard()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if auth.uid() is not null and not public.is_admin()
     and (tg_op = 'INSERT' and new.account_user_id is not null
          or tg_op = 'UPDATE' and new.account_user_id is distinct from old.account_user_id) then
    raise exception using errcode = '42501', message = 'Só a equipe da agência vincula um cliente a uma conta do portal.';
  end if;
  return new;
end;
$$;
comment on function private.clients_account_guard() is 'BEFORE INSERT/UPDATE on clients: only admins (or the database) set account_user_id.';
revoke execute on function private.clients_account_guard() from public, anon, authenticated;

create trigger clients_account_guard
  before insert or update of account_user_id on public.clients
  for each row execute function private.clients_account_guard();

grant insert (account_user_id) on table public.clients to authenticated;
grant update (account_user_id) on table public.clients to authenticated;

drop policy "clients: the owner reads their clients; admins read all" on public.clients;
create policy "clients: the owner reads their own contacts; admins read the agency's clients"
  on public.clients for select to authenticated
  using (owner_user_id = (select auth.uid()) or (owner_user_id is null and (select public.is_admin())));

drop policy "clients: a user adds clients of their own; admins add any" on public.clients;
create policy "clients: a user adds contacts of their own; admins add agency clients"
  on public.clients for insert to authenticated
  with check (owner_user_id = (select auth.uid()) or (owner_user_id is null and (select public.is_admin())));

drop policy "clients: the owner updates their clients; admins update all" on public.clients;
create policy "clients: the owner updates their own contacts; admins update the agency's clients"
  on public.clients for update to authenticated
  using (owner_user_id = (select auth.uid()) or (owner_user_id is null and (select public.is_admin())))
  with check (owner_user_id = (select auth.uid()) or (owner_user_id is null and (select public.is_admin())));

drop policy "clients: the owner deletes their clients; admins delete any" on public.clients;
create policy "clients: the owner deletes their own contacts; admins delete the agency's clients"
  on public.clients for delete to authenticated
  using (owner_user_id = (select auth.uid()) or (owner_user_id is null and (select public.is_admin())));

drop policy "tasks: the creator and the assignee read a task" on public.tasks;
create policy "tasks: the creator and the assignee read a task; admins read all"
  on public.tasks for select to authenticated
  using (created_by = (select auth.uid()) or assigned_to = (select auth.uid()) or (select public.is_admin()));

-- The agency client of an account: links the oldest unlinked agency lead with the account's e-mail, or creates one
-- (status lead, source website). Staff accounts and accounts already linked get nothing. Returns the record's id (null
-- when none was made, also when the e-mail is one the CRM's plain-address rule refuses). Security definer: it runs for
-- the auth server's role, which has no rights on public.clients.
create or replace function private.link_agency_client(account uuid)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  person public.profiles;
  record_id uuid;
begin
  select p.* into person from public.profiles p where p.id = account;
  if person.id is null or person.email is null
     or exists (select 1 from private.admin_user_ids() as staff (id) where staff.id = account)
     or exists (select 1 from public.clients c where c.account_user_id = account) then
    return null;
  end if;
  select c.id into record_id
    from public.clients c
   where c.owner_user_id is null and c.account_user_id is null and lower(c.email) = lower(person.email)
   order by c.created_at, c.id
   limit 1
   for update;
  if record_id is not null then
    update public.clients set account_user_id = account where id = record_id;
    return record_id;
  end if;
  begin
    insert into public.clients (full_name, email, status, source, account_user_id)
    values (coalesce(person.full_name, split_part(person.email, '@', 1)), person.email, 'lead', 'website', account)
    returning id into record_id;
  exception when check_violation then
    return null;
  end;
  return record_id;
end;
$$;
comment on function private.link_agency_client(uuid) is
  'Links the agency lead with the account''s e-mail to the account, or creates its agency client (lead, website); none for staff.';
revoke execute on function private.link_agency_client(uuid) from public, anon, authenticated;

-- Accounts that existed before this migration get their agency client too.
select private.link_agency_client(p.id) from public.profiles p order by p.created_at, p.id;

-- Sign-up: the new profile (made by the trigger on auth.users) gets its agency client, and the activity log says so.
create or replace function private.profiles_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  record_id uuid := private.link_agency_client(new.id);
begin
  if record_id is not null then
    perform private.log_activity('client_signed_up', record_id,
      (select c.full_name from public.clients c where c.id = record_id), null, new.id);
  end if;
  return null;
end;
$$;
comment on function private.profiles_after_insert() is 'AFTER INSERT on profiles: the account''s agency client, logged as a sign-up.';
revoke execute on function private.profiles_after_insert() from public, anon, authenticated;

create trigger profiles_after_insert
  after insert on public.profiles
  for each row execute function private.profiles_after_insert();

-- An agency client with no account yet (added by an admin or the service role). A user's own CRM contacts are never
-- logged: they are not the agency's data. Sign-ups are logged where the account's record is made.
create or replace function private.log_client_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.log_activity('client_added', new.id, new.full_name);
  return null;
end;
$$;
comment on function private.log_client_activity() is 'AFTER INSERT on clients: client_added for an agency client (no owner, no account).';
revoke execute on function private.log_client_activity() from public, anon, authenticated;

create trigger clients_log_activity
  after insert on public.clients
  for each row when (new.owner_user_id is null and new.account_user_id is null)
  execute function private.log_client_activity();
