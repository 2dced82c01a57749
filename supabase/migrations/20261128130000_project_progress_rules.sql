-- A project's progress follows its status whoever writes it (the console normalises the same way before saving, so
-- an API client cannot store a completed project at 40 % or a pending one at 70 %):
--   * completed → 100; pending → 0;
--   * in-progress coming from pending or completed → the written progress (50 when none was written) kept within
--     10-90;
--   * in-progress otherwise → the written progress as it is (0-100, the column's check).
-- Runs after projects_staff_course (triggers fire by name), so a client's write is judged as the client sent it.
create or replace function private.projects_tidy_progress()
returns trigger
language plpgsql
security invoker
set search_path = ''
as $$
begin
  if new.status = 'completed' then
    new.progress := 100;
  elsif new.status = 'pending' then
    new.progress := 0;
  elsif old.status in ('pending', 'completed') then
    new.progress := least(90, greatest(10, case when new.progress is distinct from old.progress then coalesce(new.progress, 50) else 50 end));
  end if;
  return new;
end;
$$;
comment on function private.projects_tidy_progress() is
  'BEFORE UPDATE OF status, progress on projects: progress follows the status (completed 100, pending 0, in-progress from pending/completed 10-90, 50 by default).';
revoke execute on function private.projects_tidy_progress() from public, anon, authenticated;

create trigger projects_tidy_progress
  before update of status, progress on public.projects
  for each row execute function private.projects_tidy_progress();
