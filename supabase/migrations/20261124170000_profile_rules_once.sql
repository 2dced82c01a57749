-- Each profile rule once. Two earlier migrations both limited the profile: the name (1 to 120 characters, trimmed)
-- and the avatar (https, at most 2048 characters) ended up with two check constraints each. The name is tidied by
-- the trigger of public.profiles before it is checked (trimmed; blank becomes no name; longer than 120 refused with
-- a pt-BR message), so one constraint per column is kept: profiles_full_name_length and profiles_avatar_url_https.
alter table public.profiles drop constraint if exists profiles_full_name_check;
alter table public.profiles drop constraint if exists profiles_avatar_url_length_check;
