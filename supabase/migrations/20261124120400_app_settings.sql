-- The portal's general settings ('Configurações' > 'Geral'): one row. Every signed-in user reads it (the signed-in area
-- shows the agency's name and contact); only admins change it; nobody adds or removes the row.
-- Values are stored trimmed: app_name 1-100 characters; logo_url empty (no logo) or an https:// address; admin_email a
-- plain e-mail address. Bad values are refused with 23514 and a pt-BR message.

create table public.app_settings (
  id boolean primary key default true constraint app_settings_single_row_check check (id),
  app_name text not null constraint app_settings_app_name_check check (char_length(app_name) between 1 and 100),
  logo_url text constraint app_settings_logo_url_check check (
    logo_url is null or (char_length(logo_url) <= 2048 and logo_url ~ '^https://[^\s/?#]+[^\s]*$')
  ),
  admin_email text not null constraint app_settings_admin_email_check check (
    char_length(admin_email) <= 254
    and admin_email ~* '^[a-z0-9._+''-]+@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$'
  ),
  updated_at timestamptz not null default now()
);
comment on table public.app_settings is 'The portal''s general settings (one row): every signed-in user reads it; only admins update it.';
comment on column public.app_settings.app_name is 'The agency''s name as the signed-in area shows it; 1-100 characters, trimmed.';
comment on column public.app_settings.logo_url is 'The logo''s address: https:// only; null = no logo.';
comment on column public.app_settings.admin_email is 'The agency''s main contact e-mail (plain address, safe in a mailto: link).';

create trigger app_settings_set_updated_at
  before update on public.app_settings
  for each row execute function public.set_updated_at();

-- Trims the values and explains a refusal in pt-BR (the checks above stay as the last word).
create or replace function private.app_settings_guard()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  new.app_name := private.trimmed(new.app_name);
  new.logo_url := nullif(private.trimmed(new.logo_url), '');
  new.admin_email := lower(private.trimmed(new.admin_email));
  if new.app_name is null or new.app_name = '' then
    raise exception using errcode = '23514', message = 'O nome da aplicação é obrigatório.';
  end if;
  if char_length(new.app_name) > 100 then
    raise exception using errcode = '23514', message = 'O nome da aplicação pode ter no máximo 100 caracteres.';
  end if;
  if new.logo_url is not null and (char_length(new.logo_url) > 2048 or new.logo_url !~ '^https://[^\s/?#]+[^\s]*$') then
    raise exception using errcode = '23514', message = 'A URL do logo deve começar com https://.';
  end if;
  if new.admin_email is null or char_length(new.admin_email) > 254
     or new.admin_email !~* '^[a-z0-9._+''-]+@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$' then
    raise exception using errcode = '23514', message = 'Informe um e-mail válido para o administrador principal.';
  end if;
  return new;
end;
$$;
comment on function private.app_settings_guard() is 'BEFORE INSERT/UPDATE on app_settings: trims the values; pt-BR 23514 for a bad name, logo URL or e-mail.';
revoke execute on function private.app_settings_guard() from public, anon, authenticated;

create trigger app_settings_guard
  before insert or update on public.app_settings
  for each row execute function private.app_settings_guard();

insert into public.app_settings (app_name, logo_url, admin_email) values ('Portal IA', null, 'admin@exemplo.com.br');

alter table public.app_settings enable row level security;

revoke all on table public.app_settings from anon, authenticated;
grant select on table public.app_settings to authenticated;
grant update (app_name, logo_url, admin_email, updated_at) on table public.app_settings to authenticated;

create policy "app_settings: every signed-in user reads the settings"
  on public.app_settings for select to authenticated
  using (true);

create policy "app_settings: admins update the settings"
  on public.app_settings for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));
