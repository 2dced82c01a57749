-- Whether a sign-up link already confirmed its account, answerable only by whoever holds the link. A link's token hash
-- is a digest of the e-mail and a 6-digit code, so anyone who knows an address can compute every possible hash; asking
-- about the hash alone would tell, after about a million questions, whether the address has a confirmed account,
-- which sign-up and recovery keep secret. So every account pending confirmation gets a random key in its user
-- metadata (confirmation_key, 128 random bits, set by the database at insert whatever the sign-up sent); the
-- confirmation mail's link carries it (`&key={{ .Data.confirmation_key }}`, supabase/templates/confirmation.html),
-- the database notes hash and key together when the e-mail is confirmed, and confirmation_link_state answers true
-- only for both. The auth server reloads the user after the insert (its triggers may change it), so the mail sent at
-- sign-up, and every later one, renders the stored key.

-- The key of a new account that still has to confirm its e-mail (a pending account made with confirmations off or by
-- the admin API with email_confirm has none: it is never linked to a mail).
create or replace function private.set_confirmation_key()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.email_confirmed_at is null then
    new.raw_user_meta_data := coalesce(new.raw_user_meta_data, '{}'::jsonb)
      || jsonb_build_object('confirmation_key', replace(gen_random_uuid()::text, '-', '') );
  end if;
  return new;
end;
$$;
comment on function private.set_confirmation_key() is
  'BEFORE INSERT on auth.users: a random confirmation_key in the user metadata of an account pending confirmation.';
revoke execute on function private.set_confirmation_key() from public, anon, authenticated;

drop trigger if exists set_confirmation_key on auth.users;
create trigger set_confirmation_key
  before insert on auth.users
  for each row execute function private.set_confirmation_key();

-- Accounts still pending when this rule arrived get their key too (their next confirmation mail carries it).
update auth.users
   set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb)
         || jsonb_build_object('confirmation_key', replace(gen_random_uuid()::text, '-', ''))
 where email_confirmed_at is null
   and not coalesce(raw_user_meta_data, '{}'::jsonb) ? 'confirmation_key';

alter table private.used_confirmation_links add column if not exists link_key text;
comment on column private.used_confirmation_links.link_key is 'The confirmation_key the link carried (the account''s, when it was confirmed).';
-- Links noted before the key existed can no longer be asked about.
delete from private.used_confirmation_links where link_key is null;

create or replace function private.note_used_confirmation_link()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if coalesce(old.confirmation_token, '') <> '' and coalesce(old.raw_user_meta_data ->> 'confirmation_key', '') <> '' then
    insert into private.used_confirmation_links (token_hash, user_id, link_key)
    values (old.confirmation_token, new.id, old.raw_user_meta_data ->> 'confirmation_key')
    on conflict (token_hash) do nothing;
  end if;
  delete from private.used_confirmation_links where confirmed_at < now() - interval '30 days';
  return null;
end;
$$;
comment on function private.note_used_confirmation_link() is
  'Trigger on auth.users: when the e-mail becomes confirmed, notes the pending link''s hash with the account''s confirmation key.';

drop function if exists public.confirmation_link_state(text);
drop function if exists private.confirmation_link_used(text);

-- Whether the link with this hash and key confirmed an account in the last 30 days. Security definer because the
-- table is closed to the API roles; it lives in the private schema, and the RPC below runs with the caller's rights.
create or replace function private.confirmation_link_used(token_hash text, link_key text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from private.used_confirmation_links l
     where l.token_hash = confirmation_link_used.token_hash
       and l.link_key = confirmation_link_used.link_key
       and l.confirmed_at >= now() - interval '30 days'
  )
$$;
comment on function private.confirmation_link_used(text, text) is
  'True when the sign-up link with this token hash and key confirmed its account in the last 30 days.';
revoke execute on function private.confirmation_link_used(text, text) from public;
grant execute on function private.confirmation_link_used(text, text) to anon, authenticated, service_role;

create or replace function public.confirmation_link_state(token_hash text, link_key text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.confirmation_link_used(confirmation_link_state.token_hash, confirmation_link_state.link_key)
$$;
comment on function public.confirmation_link_state(text, text) is
  'True when the sign-up link with this token hash and key (both from the link) already confirmed its account.';
revoke execute on function public.confirmation_link_state(text, text) from public;
grant execute on function public.confirmation_link_state(text, text) to anon, authenticated, service_role;
