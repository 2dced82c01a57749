-- The agency's public identity: its name (app_settings.app_name) and its contact e-mail (app_settings.contact_email),
-- the address the public pages link to. Visitors who are not signed in read exactly these two values (column
-- privileges): the public pages show the current name and address without a new build. The rest of the row stays for
-- signed-in users. The contact e-mail is a plain address, stored trimmed and in lower case; a bad one is refused with
-- 23514 and a pt-BR message.

alter table public.app_settings
  add column contact_email text not null default 'contato@portalia.com.br'
    constraint app_settings_contact_email_check check (
      char_length(contact_email) <= 254
      and contact_email ~* '^[a-z0-9._+''-]+@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$'
    );
comment on column public.app_settings.contact_email is
  'The agency''s public contact e-mail (plain address, safe in a mailto: link); visitors read it with app_name.';

create or replace function private.app_settings_contact_guard()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.contact_email := lower(private.trimmed(new.contact_email));
  if new.contact_email is null or char_length(new.contact_email) > 254
     or new.contact_email !~* '^[a-z0-9._+''-]+@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$' then
    raise exception using errcode = '23514', message = 'Informe um e-mail de contato válido.';
  end if;
  return new;
end;
$$;
comment on function private.app_settings_contact_guard() is 'BEFORE INSERT/UPDATE on app_settings: trims the contact e-mail; pt-BR 23514 for a bad one.';
revoke execute on function private.app_settings_contact_guard() from public, anon, authenticated;

create trigger app_settings_contact_guard
  before insert or update on public.app_settings
  for each row execute function private.app_settings_contact_guard();

grant update (contact_email) on table public.app_settings to authenticated;

-- Visitors: the name and the contact e-mail only.
grant select (id, app_name, contact_email) on table public.app_settings to anon;
create policy "app_settings: visitors read the agency's name and contact e-mail"
  on public.app_settings for select to anon
  using (true);
