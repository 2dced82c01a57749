-- The client picker of the agency's 'Novo Projeto': portal accounts that are not staff (app_metadata.role is not
-- admin), searched by name or e-mail, ordered by name then e-mail. Admins only (403 otherwise): a client never lists
-- other users. The definer function reads auth.users (roles) and returns ids only; the exposed one reads the
-- profiles with the caller's rights.

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
      and (pattern is null or p.full_name ilike pattern or p.email ilike pattern)
    order by lower(coalesce(nullif(btrim(p.full_name), ''), p.email)), p.email, p.id
    limit take
  );
end;
$$;
comment on function private.admin_client_account_ids(text, integer) is
  'Admins: ids of portal accounts that are not staff, matching the term on name or e-mail, by name. Called by public.admin_client_accounts.';
revoke execute on function private.admin_client_account_ids(text, integer) from public, anon;
grant execute on function private.admin_client_account_ids(text, integer) to authenticated, service_role;

create or replace function public.admin_client_accounts(search_term text default null, page_limit integer default 21)
returns table (id uuid, full_name text, email text)
language sql
stable
security invoker
set search_path = ''
as $$
  select p.id, p.full_name, p.email
  from unnest(private.admin_client_account_ids(search_term, page_limit)) with ordinality as r (id, ord)
  join public.profiles p on p.id = r.id
  order by r.ord
$$;
comment on function public.admin_client_accounts(text, integer) is
  'Admins: portal accounts that are not staff (id, full_name, email), contains-search on name or e-mail, by name, at most page_limit (1..200). Others: 403.';
revoke execute on function public.admin_client_accounts(text, integer) from public, anon;
grant execute on function public.admin_client_accounts(text, integer) to authenticated, service_role;
