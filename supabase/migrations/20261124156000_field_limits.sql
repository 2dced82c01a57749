-- Limits of the free-text fields of projects, tasks, support tickets and profiles, the same as the forms'.
--
-- Rules:
--   * a task's title is stored trimmed, 1 to 200 characters (as a project's title already is);
--   * a profile's full name is stored trimmed, 1 to 120 characters, or null (no name); a name longer than that coming
--     from the sign-up metadata is cut to 120 characters, so creating an account never fails on it;
--   * descriptions of projects and tasks hold at most 5000 characters, a ticket's subject 200 and its first message
--     10000 (later messages already hold 1 to 10000), an avatar URL 2048;
--   * a refused title or name gets a pt-BR message from the database itself; the other limits are check constraints
--     whose names the product maps to pt-BR texts.
-- Rows that existed before are brought within the limits first, so the constraints hold for every row.

-- Trims the text columns named in the trigger's arguments and checks their length. Arguments, four per column:
-- column name, maximum length, 'required' or 'optional', and how the field is named in a sentence ('o título da
-- tarefa'). A required column left blank is refused; an optional one becomes null. On update, only changed columns are
-- looked at.
create or replace function private.tidy_text_columns()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
declare
  new_row jsonb := to_jsonb(new);
  old_row jsonb := case when tg_op = 'UPDATE' then to_jsonb(old) end;
  changes jsonb := '{}'::jsonb;
  col text;
  max_len integer;
  label text;
  value text;
  i integer := 0;
begin
  while i + 3 < tg_nargs loop
    col := tg_argv[i];
    max_len := tg_argv[i + 1]::integer;
    label := tg_argv[i + 3];
    if tg_op = 'INSERT' or (new_row -> col) is distinct from (old_row -> col) then
      value := nullif(private.trimmed(new_row ->> col), '');
      if value is null and tg_argv[i + 2] = 'required' then
        raise exception using errcode = '23514', message = format('Preencha %s.', label);
      end if;
      if char_length(value) > max_len then
        raise exception using errcode = '23514',
          message = format('%s pode ter no máximo %s caracteres.', upper(left(label, 1)) || substr(label, 2), max_len);
      end if;
      changes := changes || jsonb_build_object(col, value);
    end if;
    i := i + 4;
  end loop;
  if changes <> '{}'::jsonb then
    new := jsonb_populate_record(new, changes);
  end if;
  return new;
end;
$$;
comment on function private.tidy_text_columns() is
  'BEFORE INSERT/UPDATE: trims the text columns named in the arguments (column, max, required|optional, label) and refuses a blank required one or one too long, in pt-BR.';
revoke execute on function private.tidy_text_columns() from public, anon, authenticated;

-- Tasks: the title.
update public.tasks
   set title = coalesce(nullif(private.trimmed(left(private.trimmed(title), 200)), ''), 'Tarefa')
 where title is distinct from coalesce(nullif(private.trimmed(left(private.trimmed(title), 200)), ''), 'Tarefa');
update public.tasks set description = left(description, 5000) where char_length(description) > 5000;
alter table public.tasks
  add constraint tasks_title_length_check check (char_length(title) between 1 and 200),
  add constraint tasks_description_length_check check (description is null or char_length(description) <= 5000);
create trigger tasks_tidy_text
  before insert or update of title on public.tasks
  for each row execute function private.tidy_text_columns('title', '200', 'required', 'o título da tarefa');

-- Projects: the description (the title is kept trimmed, 1-200, by projects_guard).
update public.projects set description = left(description, 5000) where char_length(description) > 5000;
alter table public.projects
  add constraint projects_description_length_check check (description is null or char_length(description) <= 5000);

-- Support tickets: the subject and the first message (both already required).
update public.support_tickets set subject = left(subject, 200) where char_length(subject) > 200;
update public.support_tickets set message_content = left(message_content, 10000) where char_length(message_content) > 10000;
alter table public.support_tickets
  add constraint support_tickets_subject_length_check check (char_length(subject) <= 200),
  add constraint support_tickets_message_length_check check (char_length(message_content) <= 10000);

-- Profiles: the full name and the avatar URL. The sign-up metadata is copied within the limits.
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
    nullif(private.trimmed(left(private.trimmed(new.raw_user_meta_data ->> 'full_name'), 120)), ''),
    new.email,
    case when char_length(private.trimmed(new.raw_user_meta_data ->> 'avatar_url')) between 1 and 2048
         then private.trimmed(new.raw_user_meta_data ->> 'avatar_url') end
  )
  on conflict (id) do update
    set full_name = excluded.full_name,
        email = excluded.email,
        avatar_url = excluded.avatar_url;
  return new;
end;
$$;
comment on function private.sync_profile_from_auth_user() is
  'Trigger on auth.users: creates or refreshes the matching public.profiles row (name trimmed and cut to 120 characters; an avatar URL over 2048 characters is dropped).';
revoke execute on function private.sync_profile_from_auth_user() from public, anon, authenticated;

update public.profiles
   set full_name = nullif(private.trimmed(left(private.trimmed(full_name), 120)), '')
 where full_name is distinct from nullif(private.trimmed(left(private.trimmed(full_name), 120)), '');
update public.profiles set avatar_url = null where char_length(avatar_url) > 2048;
alter table public.profiles
  add constraint profiles_full_name_check
    check (full_name is null or (char_length(full_name) between 1 and 120 and full_name = private.trimmed(full_name))),
  add constraint profiles_avatar_url_length_check check (avatar_url is null or char_length(avatar_url) <= 2048);
create trigger profiles_tidy_text
  before insert or update of full_name on public.profiles
  for each row execute function private.tidy_text_columns('full_name', '120', 'optional', 'o nome');
