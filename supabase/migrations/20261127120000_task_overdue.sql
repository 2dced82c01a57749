-- A task is overdue ('Atrasada') when its due date is before today and it is not done. "Today" is the calendar day in
-- America/Sao_Paulo, the day every date of the product is shown in, so a task due today is never late before the
-- day ends there. A computed field: lists select it as `overdue` next to the row's columns.
create function public.overdue(task public.tasks)
returns boolean
language sql
stable
set search_path = ''
as $$
  select task.due_date is not null
    and task.status <> 'Concluída'
    and task.due_date < (now() at time zone 'America/Sao_Paulo')::date;
$$;

comment on function public.overdue(public.tasks) is
  'Whether the task is past its due date (before today in America/Sao_Paulo) and not Concluída; selected as the computed field overdue.';

revoke execute on function public.overdue(public.tasks) from public, anon;
grant execute on function public.overdue(public.tasks) to authenticated, service_role;
