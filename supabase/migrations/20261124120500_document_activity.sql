-- A document stored for a project appears in the agency's activity feed: project_document_uploaded, subject the
-- project (label: its title), detail the file name, actor the uploader.
create or replace function private.log_document_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.log_activity('project_document_uploaded', new.project_id,
    (select p.title from public.projects p where p.id = new.project_id), new.name, new.uploaded_by);
  return null;
end;
$$;
comment on function private.log_document_activity() is
  'AFTER INSERT on project_documents: project_document_uploaded (subject: the project; detail: the file name).';
revoke execute on function private.log_document_activity() from public, anon, authenticated;

create trigger project_documents_log_activity
  after insert on public.project_documents
  for each row execute function private.log_document_activity();

comment on column public.activity_log.detail is
  'Extra fact of the event: the new status of project_status_changed, the file name of project_document_uploaded; null otherwise.';
