-- CRM clients. A user keeps their own contacts (owner_user_id is always the caller); admins read and
-- write every row, and may create the agency's own leads with no owner.

create table public.clients (
  id uuid primary key default gen_random_uuid(),
  full_name text not null check (btrim(full_name) <> ''),
  email text not null constraint clients_email_plain_check check (
    char_length(email) <= 254
    and email ~* '^[a-z0-9._+''-]+@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$'
  ),
  phone text,
  company_name text,
  status text not null default 'lead'
    check (status in ('lead', 'prospect', 'active', 'on_hold', 'completed', 'lost')),
  source text check (source in ('referral', 'website', 'social_media', 'event', 'outbound', 'other')),
  admin_notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  owner_user_id uuid constraint clients_owner_user_id_fkey references public.profiles (id) on delete cascade,
  account_manager_id uuid constraint clients_account_manager_id_fkey references public.profiles (id) on delete set null
);
comment on table public.clients is 'CRM contacts. Owner (owner_user_id) reads and writes their rows; admins all rows; owner never changes.';
comment on column public.clients.status is 'lead=Lead, prospect=Prospecção, active=Ativo, on_hold=Em Espera, completed=Concluído, lost=Perdido.';
comment on column public.clients.source is 'referral=Indicação, website=Site, social_media=Redes Sociais, event=Evento, outbound=Outbound, other=Outro.';
comment on column public.clients.email is 'A plain e-mail address (no scheme, no query, no spaces), safe to put in a mailto: link.';
comment on column public.clients.owner_user_id is 'The user whose CRM this row belongs to; null for the agency''s own leads created by an admin.';

create trigger clients_set_updated_at
  before update on public.clients
  for each row execute function public.set_updated_at();

-- Rules for non-admin users that depend on the old row, so a trigger rather than a policy:
--   a new row is always theirs (owner_user_id := caller, whatever they sent);
--   a new or changed account manager must be a staff member (an admin) or nobody.
-- Security invoker: it runs with the caller's rights.
create or replace function private.clients_guard()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if auth.uid() is null or public.is_admin() then
    return new; -- admins, the service role and maintenance keep what they sent
  end if;
  if tg_op = 'INSERT' then
    new.owner_user_id := auth.uid();
  end if;
  if new.account_manager_id is not null
     and (tg_op = 'INSERT' or new.account_manager_id is distinct from old.account_manager_id)
     and not exists (select 1 from private.admin_user_ids() as staff (id) where staff.id = new.account_manager_id) then
    raise exception using errcode = '42501', message = 'Só é possível indicar alguém da equipe como gerente de conta.';
  end if;
  return new;
end;
$$;
comment on function private.clients_guard() is 'BEFORE INSERT/UPDATE on clients: owner := caller and staff-only account manager, for non-admin users.';
revoke execute on function private.clients_guard() from public, anon, authenticated;

create trigger clients_guard
  before insert or update on public.clients
  for each row execute function private.clients_guard();

-- Lists: the owner's clients newest first (with status filter and counts), the admin list newest first,
-- the manager join, and the contains-search on name, e-mail and company.
create index clients_owner_user_id_created_at_idx on public.clients (owner_user_id, created_at desc);
create index clients_owner_user_id_status_idx on public.clients (owner_user_id, status);
create index clients_created_at_idx on public.clients (created_at desc);
create index clients_account_manager_id_idx on public.clients (account_manager_id);
create index clients_full_name_trgm_idx on public.clients using gin (full_name extensions.gin_trgm_ops);
create index clients_email_trgm_idx on public.clients using gin (email extensions.gin_trgm_ops);
create index clients_company_name_trgm_idx on public.clients using gin (company_name extensions.gin_trgm_ops);

alter table public.clients enable row level security;

revoke all on table public.clients from anon, authenticated;
grant select, delete on table public.clients to authenticated;
grant insert (id, full_name, email, phone, company_name, status, source, admin_notes, owner_user_id, account_manager_id)
  on table public.clients to authenticated;
-- owner_user_id is not in the list: nobody moves a contact to another owner through the API.
grant update (full_name, email, phone, company_name, status, source, admin_notes, account_manager_id, updated_at)
  on table public.clients to authenticated;

create policy "clients: the owner reads their clients; admins read all"
  on public.clients for select to authenticated
  using (owner_user_id = (select auth.uid()) or (select public.is_admin()));

create policy "clients: a user adds clients of their own; admins add any"
  on public.clients for insert to authenticated
  with check (owner_user_id = (select auth.uid()) or (select public.is_admin()));

create policy "clients: the owner updates their clients; admins update all"
  on public.clients for update to authenticated
  using (owner_user_id = (select auth.uid()) or (select public.is_admin()))
  with check (owner_user_id = (select auth.uid()) or (select public.is_admin()));

create policy "clients: the owner deletes their clients; admins delete any"
  on public.clients for delete to authenticated
  using (owner_user_id = (select auth.uid()) or (select public.is_admin()));

-- CRM chart and count cards: one row per status (zero included) of the caller's own clients.
create or replace function public.client_status_counts()
returns table (status text, count integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.status, coalesce(c.n, 0)::integer
  from (values (1, 'lead'), (2, 'prospect'), (3, 'active'), (4, 'on_hold'), (5, 'completed'), (6, 'lost'))
    as s (ord, status)
  left join (
    select cl.status, count(*) as n
    from public.clients cl
    where cl.owner_user_id = (select auth.uid())
    group by cl.status
  ) as c on c.status = s.status
  order by s.ord
$$;
comment on function public.client_status_counts() is 'Number of the caller''s own CRM clients (owner_user_id = caller) per status, zero included.';
revoke execute on function public.client_status_counts() from public, anon;
grant execute on function public.client_status_counts() to authenticated, service_role;
