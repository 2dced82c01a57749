-- Confirmation links opened twice. Mail scanners often open a sign-up link before the person does; the auth server
-- then answers the person's click with 'link invalid or expired', although the account is confirmed. The auth server
-- keeps the link's token hash in auth.users.confirmation_token until the e-mail is confirmed and clears it in the same
-- update, so a trigger can note which hash confirmed which account; the confirmation page asks
-- public.confirmation_link_state whether its hash is one of them. The hash is a 56-character digest sent only in
-- that mail, so knowing it already means holding the link: the answer tells nothing about any other account.

create table if not exists private.used_confirmation_links (
  token_hash text primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  confirmed_at timestamptz not null default now()
);
comment on table private.used_confirmation_links is 'Token hashes of sign-up links whose account is confirmed, kept 30 days.';
create index if not exists used_confirmation_links_user_id_idx on private.used_confirmation_links (user_id);
revoke all on table private.used_confirmation_links from public, anon, authenticated;

-- Security definer because the auth server's own role updates auth.users and has no rights in the private schema.
create or replace function private.note_used_confirmation_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(old.confirmation_token, '') <> '' then
    insert into private.used_confirmation_links (token_hash, user_id)
    values (old.confirmation_token, new.id)
    on conflict (token_hash) do nothing;
  end if;
  delete from private.used_confirmation_links where confirmed_at < now() - interval '30 days';
  return null;
end;
$$;
comment on function private.note_used_confirmation_link() is 'Trigger on auth.users: when the e-mail becomes confirmed, notes the hash of the pending confirmation link.';
revoke execute on function private.note_used_confirmation_link() from public, anon, authenticated;

drop trigger if exists on_auth_user_email_confirmed on auth.users;
create trigger on_auth_user_email_confirmed
  after update of email_confirmed_at on auth.users
  for each row
  when (old.email_confirmed_at is null and new.email_confirmed_at is not null)
  execute function private.note_used_confirmation_link();

-- Whether the link with this token hash confirmed an account (true), or is unknown (false: never issued, still
-- pending, superseded by a newer mail, or older than 30 days). Nothing else is answered. Security definer because
-- the table is closed to the API roles; it lives in the private schema, and the RPC below runs with the caller's rights.
create or replace function private.confirmation_link_used(token_hash text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.used_confirmation_links l
     where l.token_hash = confirmation_link_used.token_hash
       and l.confirmed_at >= now() - interval '30 days'
  )
$$;
comment on function private.confirmation_link_used(text) is 'True when the sign-up link with this token hash confirmed its account in the last 30 days.';
revoke execute on function private.confirmation_link_used(text) from public;
grant execute on function private.confirmation_link_used(text) to anon, authenticated, service_role;
-- The confirmation page is opened signed out: anon reaches this one function of the private schema (every other
-- function there has execute revoked from anon, and its tables grant anon nothing).
grant usage on schema private to anon;

create or replace function public.confirmation_link_state(token_hash text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.confirmation_link_used(confirmation_link_state.token_hash)
$$;
comment on function public.confirmation_link_state(text) is 'True when the sign-up link with this token hash already confirmed its account.';
revoke execute on function public.confirmation_link_state(text) from public;
grant execute on function public.confirmation_link_state(text) to anon, authenticated, service_role;
