-- Project documents ('Documentos'): files in the private Storage bucket project-documents, listed through
-- public.project_documents.
--
-- Rules (bucket settings, policies on storage.objects, column privileges and the triggers below):
--   * object key: {project_id}/{document_id}/{file name}: two lowercase uuids and the file's own name (one segment);
--     document_id is the id of the file's project_documents row;
--   * the bucket is private and takes files up to 25 MB (26,214,400 bytes) of these types: PDF, PNG, JPEG, WebP, plain
--     text, CSV, ZIP (application/zip, and application/x-zip-compressed as browsers on Windows send it), docx, xlsx,
--     pptx; Storage refuses anything else (413 / 415) before a row exists;
--   * the project's owner and admins upload, list and download (signed URLs included: Storage issues one only to who
--     can read the object); the uploader, while they still see the project, and admins delete; nobody updates an object
--     (no overwrite, upsert or move), so a retried upload of a stored key answers 409 'The resource already exists' and
--     changes nothing;
--   * public.project_documents follows storage.objects: the trigger below inserts, refreshes and deletes the row inside
--     the transaction of Storage's own statement on storage.objects, so a row exists exactly when its object does,
--     whether the upload or delete succeeds or fails half way. The API roles only read it (the project's owner and
--     admins); nobody writes it directly;
--   * a project with documents cannot be deleted (nor a user whose projects have documents): the product removes the
--     documents through the Storage API first, which deletes the bytes too. A SQL delete on storage.objects is refused
--     by Storage's own guard, so the database cannot remove them by itself.
-- Anything else that must happen when a document appears or disappears (an activity entry, a notification) belongs in
-- an AFTER INSERT / AFTER DELETE trigger on public.project_documents: it runs in the same transaction as the upload or
-- removal.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'project-documents',
  'project-documents',
  false,
  26214400,
  array[
    'application/pdf',
    'image/png',
    'image/jpeg',
    'image/webp',
    'text/plain',
    'text/csv',
    'application/zip',
    'application/x-zip-compressed',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation'
  ]
)
on conflict (id) do nothing;

create table public.project_documents (
  id uuid primary key,
  project_id uuid not null constraint project_documents_project_id_fkey references public.projects (id) on delete cascade,
  storage_path text not null constraint project_documents_storage_path_key unique,
  name text not null,
  mime_type text not null,
  size_bytes bigint not null constraint project_documents_size_bytes_check check (size_bytes >= 0),
  uploaded_by uuid constraint project_documents_uploaded_by_fkey references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint project_documents_storage_path_check check (storage_path = project_id::text || '/' || id::text || '/' || name)
);
comment on table public.project_documents is
  'One row per object of the project-documents bucket, kept by a trigger on storage.objects. Owner and admins read; nobody writes directly.';
comment on column public.project_documents.id is 'The document_id segment of the object key.';
comment on column public.project_documents.storage_path is 'The object key inside the bucket: {project_id}/{document_id}/{name}.';
comment on column public.project_documents.name is 'The file name as uploaded (the key''s last segment).';
comment on column public.project_documents.mime_type is 'The type Storage recorded for the object.';
comment on column public.project_documents.size_bytes is 'The size Storage recorded for the object, in bytes.';
comment on column public.project_documents.uploaded_by is 'Who uploaded it (the object''s owner); null for the service role or once the account is gone.';

-- The Documentos tab lists a project's files newest first; the uploader link.
create index project_documents_project_id_created_at_idx on public.project_documents (project_id, created_at desc, id desc);
create index project_documents_uploaded_by_idx on public.project_documents (uploaded_by);

alter table public.project_documents enable row level security;

-- Written only by the trigger (as the table's owner); even the service role only reads.
revoke all on table public.project_documents from anon, authenticated, service_role;
grant select on table public.project_documents to authenticated, service_role;

create policy "project_documents: the project's owner and admins read the documents"
  on public.project_documents for select to authenticated
  using (
    (select public.is_admin())
    or project_id in (select p.id from public.projects p where p.user_id = (select auth.uid()))
  );

-- The project of a document key, or null when the key is not {project_id}/{document_id}/{file name}.
create or replace function private.project_document_project_id(object_name text)
returns uuid
language sql
immutable
security invoker
set search_path = ''
as $$
  select case
    when object_name ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[^/]+$'
    then split_part(object_name, '/', 1)::uuid
  end
$$;
comment on function private.project_document_project_id(text) is
  'Project id of a key {project_id}/{document_id}/{file name} (lowercase uuids, one file segment); null for any other key.';
revoke execute on function private.project_document_project_id(text) from public, anon;
grant execute on function private.project_document_project_id(text) to authenticated, service_role;

-- Whether the caller may work with the documents under a key: the key is a document key of a project that is theirs,
-- or the caller is an admin and the project exists.
create or replace function private.may_use_project_document(object_name text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1
    from public.projects p
    where p.id = private.project_document_project_id(object_name)
      and (p.user_id = (select auth.uid()) or (select public.is_admin()))
  )
$$;
comment on function private.may_use_project_document(text) is
  'True when the key is {project_id}/{document_id}/{file name} of an existing project owned by the caller, or the caller is an admin.';
revoke execute on function private.may_use_project_document(text) from public, anon;
grant execute on function private.may_use_project_document(text) to authenticated, service_role;

create policy "project-documents: the project's owner and admins list and download"
  on storage.objects for select to authenticated
  using (bucket_id = 'project-documents' and private.may_use_project_document(name));

create policy "project-documents: the project's owner and admins upload"
  on storage.objects for insert to authenticated
  with check (bucket_id = 'project-documents' and private.may_use_project_document(name));

create policy "project-documents: the uploader and admins delete"
  on storage.objects for delete to authenticated
  using (
    bucket_id = 'project-documents'
    and private.may_use_project_document(name)
    and ((select auth.uid())::text in (owner_id, owner::text) or (select public.is_admin()))
  );

-- Keeps public.project_documents equal to the objects of the bucket. Runs as the table's owner, whoever writes
-- storage.objects (the caller's role, or Storage's own role on a hosted project), and reads the uploader from the
-- object's owner columns, never from the session.
create or replace function private.project_documents_follow_objects()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project uuid;
  uploader uuid;
begin
  -- The object left its key (deleted, renamed or moved to another bucket): its row goes.
  if tg_op = 'DELETE' then
    if old.bucket_id = 'project-documents' then
      delete from public.project_documents where storage_path = old.name;
    end if;
    return null;
  end if;
  if tg_op = 'UPDATE' then
    if old.bucket_id = 'project-documents' and (new.bucket_id, new.name) is distinct from (old.bucket_id, old.name) then
      delete from public.project_documents where storage_path = old.name;
    end if;
  end if;
  if new.bucket_id is distinct from 'project-documents' then
    return null;
  end if;

  -- The object is in the bucket: its key must be a document key, and its row exists with Storage's type and size.
  project := private.project_document_project_id(new.name);
  if project is null then
    raise exception using errcode = '23514', message = format('Invalid key: %s', new.name),
      detail = 'Os documentos de projeto ficam em {project_id}/{document_id}/{nome do arquivo}.';
  end if;
  uploader := coalesce(
    case when new.owner_id ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then new.owner_id::uuid end,
    new.owner
  );
  insert into public.project_documents (id, project_id, storage_path, name, mime_type, size_bytes, uploaded_by)
  values (
    split_part(new.name, '/', 2)::uuid,
    project,
    new.name,
    split_part(new.name, '/', 3),
    coalesce(new.metadata ->> 'mimetype', 'application/octet-stream'),
    coalesce((new.metadata ->> 'size')::bigint, 0),
    (select pr.id from public.profiles pr where pr.id = uploader)
  )
  on conflict (storage_path) do update
    set mime_type = excluded.mime_type, size_bytes = excluded.size_bytes;
  return null;
end;
$$;
comment on function private.project_documents_follow_objects() is
  'AFTER INSERT/UPDATE/DELETE on storage.objects: creates, refreshes and removes the project_documents row of an object of project-documents.';
revoke execute on function private.project_documents_follow_objects() from public, anon, authenticated;

create trigger project_documents_follow_objects
  after insert or delete or update of bucket_id, name, metadata on storage.objects
  for each row execute function private.project_documents_follow_objects();

-- A project keeps its documents: deleting it (or its owner) while documents exist would leave their bytes in Storage.
create or replace function private.projects_keep_documents()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  documents integer;
begin
  select count(*) into documents from public.project_documents d where d.project_id = old.id;
  if documents > 0 then
    raise exception using errcode = '23503',
      message = 'Este projeto tem documentos: exclua os documentos antes de excluir o projeto.',
      detail = format('%s documento(s) no projeto %s.', documents, old.id);
  end if;
  return old;
end;
$$;
comment on function private.projects_keep_documents() is
  'BEFORE DELETE on projects: refuses (23503) while the project has documents; they are removed through the Storage API first.';
revoke execute on function private.projects_keep_documents() from public, anon, authenticated;

create trigger projects_keep_documents
  before delete on public.projects
  for each row execute function private.projects_keep_documents();
