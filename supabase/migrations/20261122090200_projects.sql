-- A client's projects. Created by the agency (service role); the owner reads, edits and deletes them.

create table public.projects (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  title text not null,
  description text,
  status text not null default 'pending' check (status in ('pending', 'in-progress', 'completed')),
  progress integer check (progress between 0 and 100),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.projects is 'Projects the agency runs for a client; only the owner (user_id) reads, updates or deletes them.';
comment on column public.projects.progress is 'Percent complete, 0-100; null when not estimated yet.';

create trigger projects_set_updated_at
  before update on public.projects
  for each row execute function public.set_updated_at();

-- Lists: the owner's projects newest first; counts per status; title contains-search.
create index projects_user_id_created_at_idx on public.projects (user_id, created_at desc);
create index projects_user_id_status_idx on public.projects (user_id, status);
create index projects_title_trgm_idx on public.projects using gin (title extensions.gin_trgm_ops);

alter table public.projects enable row level security;

revoke all on table public.projects from anon, authenticated;
grant select, delete on table public.projects to authenticated;
-- user_id is not in the list: a project never changes hands through the API.
grant update (title, description, status, progress, updated_at) on table public.projects to authenticated;

create policy "projects: the owner reads their projects"
  on public.projects for select to authenticated
  using (user_id = (select auth.uid()));

create policy "projects: the owner updates their projects"
  on public.projects for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create policy "projects: the owner deletes their projects"
  on public.projects for delete to authenticated
  using (user_id = (select auth.uid()));

-- Dashboard counts computed in the database: one row per status (zero included) of the caller's projects.
create or replace function public.project_status_counts()
returns table (status text, count integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select s.status, coalesce(c.n, 0)::integer
  from (values (1, 'pending'), (2, 'in-progress'), (3, 'completed')) as s (ord, status)
  left join (
    select p.status, count(*) as n
    from public.projects p
    where p.user_id = (select auth.uid())
    group by p.status
  ) as c on c.status = s.status
  order by s.ord
$$;
comment on function public.project_status_counts() is 'Number of the caller''s projects per status (every status, zero included).';
revoke execute on function public.project_status_counts() from public, anon;
grant execute on function public.project_status_counts() to authenticated, service_role;
