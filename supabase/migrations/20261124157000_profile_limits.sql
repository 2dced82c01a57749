-- What a profile may hold: a full name of 1 to 120 characters without surrounding white space (or none), and an avatar
-- address that is an https URL (or none). Rows from before these rules are brought within them first, and the mirror
-- of auth.users keeps within them too, so no sign-up or e-mail change ever fails on a name or avatar the auth server
-- accepted: user_metadata is whatever the user sent, the profile is what the screens may show.

-- Same cut for the migration's clean-up and for the mirror: trimmed of ASCII and Unicode white space
-- (private.trimmed), at most 120 characters, empty means none.
create or replace function private.profile_name(raw text)
returns text
language sql
immutable
set search_path = ''
as $$
  select nullif(private.trimmed(left(private.trimmed(raw), 120)), '')
$$;
comment on function private.profile_name(text) is 'A full name as a profile may hold it: trimmed, at most 120 characters, null when empty.';

-- An avatar is kept only when it is an https URL with a host and no spaces, at most 2048 characters.
create or replace function private.profile_avatar(raw text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when btrim(raw) ~ '^https://[^\s/?#]+[^\s]*$' and char_length(btrim(raw)) <= 2048 then btrim(raw) end
$$;
comment on function private.profile_avatar(text) is 'An avatar address as a profile may hold it: an https URL of at most 2048 characters, else null.';

revoke execute on function private.profile_name(text), private.profile_avatar(text) from public, anon;
grant execute on function private.profile_name(text), private.profile_avatar(text) to authenticated, service_role;

update public.profiles
   set full_name = private.profile_name(full_name)
 where full_name is distinct from private.profile_name(full_name);
update public.profiles
   set avatar_url = private.profile_avatar(avatar_url)
 where avatar_url is distinct from private.profile_avatar(avatar_url);

alter table public.profiles drop constraint if exists profiles_full_name_length;
alter table public.profiles add constraint profiles_full_name_length
  check (full_name is null or (full_name = private.trimmed(full_name) and char_length(full_name) between 1 and 120));

alter table public.profiles drop constraint if exists profiles_avatar_url_https;
alter table public.profiles add constraint profiles_avatar_url_https
  check (avatar_url is null or (avatar_url ~ '^https://[^\s/?#]+[^\s]*$' and char_length(avatar_url) <= 2048));

-- The mirror of auth.users, now cutting the name and dropping an avatar that is not https.
create or replace function private.sync_profile_from_auth_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id, full_name, email, avatar_url)
  values (
    new.id,
    private.profile_name(new.raw_user_meta_data ->> 'full_name'),
    new.email,
    private.profile_avatar(new.raw_user_meta_data ->> 'avatar_url')
  )
  on conflict (id) do update
    set full_name = excluded.full_name,
        email = excluded.email,
        avatar_url = excluded.avatar_url;
  return new;
end;
$$;
comment on function private.sync_profile_from_auth_user() is 'Trigger on auth.users: creates or refreshes the matching public.profiles row (name cut to 120 characters, https avatars only).';
revoke execute on function private.sync_profile_from_auth_user() from public, anon, authenticated;
