-- The updates timeline of a project ('Atualizações').
--
-- Rules (row-level security, column privileges and the trigger below):
--   * the project's owner and admins read a project's updates and add new ones;
--   * the author is always the caller; the content is stored trimmed, 1 to 5,000 characters (code points);
--   * an author deletes their own update within 15 minutes of posting it; admins delete any; nobody edits one.
-- Update ids may come from the client: a retried post reuses its id, and
--   insert ... on conflict (id) do nothing   (supabase-js: upsert(row, { onConflict: 'id', ignoreDuplicates: true }))
-- stores it once (a plain insert of a used id fails with 23505 instead).

create table public.project_updates (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null constraint project_updates_project_id_fkey references public.projects (id) on delete cascade,
  author_id uuid default auth.uid() constraint project_updates_author_id_fkey references public.profiles (id) on delete set null,
  content text not null constraint project_updates_content_check check (char_length(content) between 1 and 5000),
  created_at timestamptz not null default now()
);
comment on table public.project_updates is
  'Timeline of a project. Owner and admins read and add; the author deletes within 15 minutes; admins delete any.';
comment on column public.project_updates.author_id is 'Who posted it: always the caller. Null once the author''s account is gone.';
comment on column public.project_updates.content is 'Stored trimmed; 1 to 5,000 characters after trimming.';

-- The timeline newest first, and the author link.
create index project_updates_project_id_created_at_idx on public.project_updates (project_id, created_at desc, id desc);
create index project_updates_author_id_idx on public.project_updates (author_id);

create or replace function private.project_updates_before_insert()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if auth.uid() is not null then
    new.author_id := auth.uid();
  end if;
  new.content := private.trimmed(new.content);
  if new.content is null or new.content = '' then
    raise exception using errcode = '23514', message = 'A atualização não pode ficar em branco.';
  end if;
  if char_length(new.content) > 5000 then
    raise exception using errcode = '23514', message = 'A atualização pode ter no máximo 5.000 caracteres.';
  end if;
  return new;
end;
$$;
comment on function private.project_updates_before_insert() is 'BEFORE INSERT on project_updates: author := caller, content trimmed, 1-5,000 characters.';
revoke execute on function private.project_updates_before_insert() from public, anon, authenticated;

create trigger project_updates_before_insert
  before insert on public.project_updates
  for each row execute function private.project_updates_before_insert();

alter table public.project_updates enable row level security;

revoke all on table public.project_updates from anon, authenticated;
grant select, delete on table public.project_updates to authenticated;
-- created_at is the server's clock; nothing is updatable.
grant insert (id, project_id, author_id, content) on table public.project_updates to authenticated;

create policy "project_updates: the project's owner and admins read the updates"
  on public.project_updates for select to authenticated
  using (
    (select public.is_admin())
    or project_id in (select p.id from public.projects p where p.user_id = (select auth.uid()))
  );

create policy "project_updates: the project's owner and admins add updates in their own name"
  on public.project_updates for insert to authenticated
  with check (
    author_id = (select auth.uid())
    and (
      (select public.is_admin())
      or project_id in (select p.id from public.projects p where p.user_id = (select auth.uid()))
    )
  );

create policy "project_updates: the author deletes within 15 minutes; admins delete any"
  on public.project_updates for delete to authenticated
  using (
    (select public.is_admin())
    or (author_id = (select auth.uid()) and created_at > now() - interval '15 minutes')
  );
