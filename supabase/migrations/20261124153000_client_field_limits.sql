-- Field limits of a client, the same in every form: full name up to 120 characters, company up to 160, phone (when
-- given) only digits, spaces and + ( ) -, 7 to 20 characters. Rows stored before these limits are brought within them
-- first (names and companies cut, a phone's other characters turned into spaces; a phone that still does not fit is
-- dropped), so the constraints hold for every row.

update public.clients
   set full_name = left(btrim(full_name), 120)
 where char_length(full_name) > 120;

update public.clients
   set company_name = nullif(left(btrim(company_name), 160), '')
 where char_length(company_name) > 160;

update public.clients
   set phone = nullif(btrim(regexp_replace(regexp_replace(phone, '[^0-9 +()-]', ' ', 'g'), ' {2,}', ' ', 'g')), '')
 where phone is not null and phone !~ '^[0-9 +()-]{7,20}$';

update public.clients
   set phone = null
 where phone is not null and phone !~ '^[0-9 +()-]{7,20}$';

alter table public.clients
  add constraint clients_full_name_length_check check (char_length(full_name) <= 120),
  add constraint clients_company_name_length_check check (company_name is null or char_length(company_name) <= 160),
  add constraint clients_phone_format_check check (phone is null or phone ~ '^[0-9 +()-]{7,20}$');

comment on column public.clients.phone is 'Digits, spaces and + ( ) -, 7 to 20 characters; null when not informed.';

-- The agency client made at sign-up takes the account's name within the same limit (a longer profile name is cut, an
-- empty one gives way to the e-mail's local part), so no sign-up goes without its record.
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
    values (
      coalesce(nullif(left(btrim(person.full_name), 120), ''), left(split_part(person.email, '@', 1), 120)),
      person.email, 'lead', 'website', account)
    returning id into record_id;
  exception when check_violation then
    return null;
  end;
  return record_id;
end;
$$;
comment on function private.link_agency_client(uuid) is
  'Links the agency lead with the account''s e-mail to the account, or creates its agency client (lead, website; name cut to 120); none for staff.';
revoke execute on function private.link_agency_client(uuid) from public, anon, authenticated;
