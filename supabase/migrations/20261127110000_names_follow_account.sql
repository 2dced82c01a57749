-- An agency client linked to a portal account (clients.account_user_id) is named by the account: its full_name is the
-- account's current name (public.profiles.full_name), so 'Gestão de Clientes', the client page, billing and the
-- clients search all show and find the name the person chose in 'Meu Perfil'.
--
--   * renaming a profile renames its agency client in the same transaction (an account with no name keeps the
--     client's name);
--   * linking a client to an account (sign-up or an admin) takes the account's name;
--   * nobody sets a linked client's name to anything else: an edit that tries is refused with a pt-BR message (the
--     person changes it in their own profile).

create or replace function private.clients_name_from_account()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  account_name text;
begin
  if new.account_user_id is null then
    return new;
  end if;
  select p.full_name into account_name from public.profiles p where p.id = new.account_user_id;
  if account_name is null then
    return new;
  end if;
  if tg_op = 'INSERT' or new.account_user_id is distinct from old.account_user_id then
    new.full_name := account_name;
  elsif new.full_name is distinct from old.full_name and new.full_name is distinct from account_name then
    raise exception using errcode = '23514',
      message = 'O nome de um cliente com conta no portal é o nome da conta: o cliente o altera em Meu Perfil.';
  end if;
  return new;
end;
$$;
comment on function private.clients_name_from_account() is
  'BEFORE INSERT/UPDATE on clients: a client linked to an account takes the account''s name and keeps no other.';
revoke execute on function private.clients_name_from_account() from public, anon, authenticated;

create trigger clients_name_from_account
  before insert or update of full_name, account_user_id on public.clients
  for each row execute function private.clients_name_from_account();

-- Security definer: the person renaming themselves has no rights on the agency's rows.
create or replace function private.profiles_name_to_client()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.clients c
     set full_name = new.full_name
   where c.account_user_id = new.id
     and c.full_name is distinct from new.full_name;
  return null;
end;
$$;
comment on function private.profiles_name_to_client() is
  'AFTER UPDATE of full_name on profiles: the account''s agency client takes the new name.';
revoke execute on function private.profiles_name_to_client() from public, anon, authenticated;

create trigger profiles_name_to_client
  after update of full_name on public.profiles
  for each row
  when (new.full_name is not null and new.full_name is distinct from old.full_name)
  execute function private.profiles_name_to_client();

-- Clients linked before this migration catch up with their account's name.
update public.clients c
   set full_name = p.full_name
  from public.profiles p
 where c.account_user_id = p.id
   and p.full_name is not null
   and c.full_name is distinct from p.full_name;
