-- Ticket attachments: files carried by a support ticket's messages, in the private Storage bucket ticket-attachments,
-- listed through public.ticket_attachments.
--
-- Rules (bucket settings, policies on storage.objects, column privileges and the triggers below):
--   * object key: {ticket_id}/{message_id}/{attachment_id}/{file name}: three lowercase uuids and the file's own name
--     (one segment). The message is a ticket_messages row of that ticket, or the ticket's own id for its first message
--     (support_tickets.message_content); attachment_id is the id of the file's ticket_attachments row;
--   * the bucket is private and takes files up to 10 MB (10,485,760 bytes) of these types: PDF, PNG, JPEG, WebP, plain
--     text, CSV; Storage refuses anything else (413 / 415) before a row exists;
--   * only the message's author adds files to it: the ticket's owner to the first message and to their own replies,
--     a staff member to their own replies and internal notes;
--   * the ticket's owner reads (lists, downloads, gets signed URLs for) the attachments of their ticket's messages
--     that are not internal notes; admins read every attachment. Nobody else sees a row or an object;
--   * attachments are part of the conversation, which nobody edits: no update (the bucket is immutable, see
--     private.immutable_storage_buckets) and no delete through the API, so a retried upload of a stored key answers
--     409 'The resource already exists' and changes nothing;
--   * public.ticket_attachments follows storage.objects inside the transaction of Storage's own statement, so a row
--     exists exactly when its object does. The API roles only read it;
--   * a ticket with attachments cannot be deleted (nor the account that opened it): the bytes would stay in Storage.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'ticket-attachments',
  'ticket-attachments',
  false,
  10485760,
  array['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'text/plain', 'text/csv']
)
on conflict (id) do nothing;

insert into private.immutable_storage_buckets (bucket_id) values ('ticket-attachments') on conflict do nothing;

create table public.ticket_attachments (
  id uuid primary key,
  ticket_id uuid not null constraint ticket_attachments_ticket_id_fkey references public.support_tickets (id) on delete cascade,
  message_id uuid constraint ticket_attachments_message_id_fkey references public.ticket_messages (id) on delete cascade,
  internal boolean not null default false,
  storage_path text not null constraint ticket_attachments_storage_path_key unique,
  name text not null,
  mime_type text not null,
  size_bytes bigint not null constraint ticket_attachments_size_bytes_check check (size_bytes >= 0),
  uploaded_by uuid constraint ticket_attachments_uploaded_by_fkey references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  constraint ticket_attachments_storage_path_check
    check (storage_path = ticket_id::text || '/' || coalesce(message_id, ticket_id)::text || '/' || id::text || '/' || name)
);
comment on table public.ticket_attachments is
  'One row per object of the ticket-attachments bucket, kept by a trigger on storage.objects. The ticket''s owner reads those not on internal notes; admins read all; nobody writes directly.';
comment on column public.ticket_attachments.id is 'The attachment_id segment of the object key.';
comment on column public.ticket_attachments.message_id is 'The message it belongs to; null for the ticket''s first message.';
comment on column public.ticket_attachments.internal is 'Copied from its message: an attachment of an internal note, never visible to the client.';
comment on column public.ticket_attachments.storage_path is 'The object key inside the bucket: {ticket_id}/{message_id or ticket_id}/{attachment_id}/{name}.';
comment on column public.ticket_attachments.name is 'The file name as uploaded (the key''s last segment).';
comment on column public.ticket_attachments.mime_type is 'The type Storage recorded for the object.';
comment on column public.ticket_attachments.size_bytes is 'The size Storage recorded for the object, in bytes.';
comment on column public.ticket_attachments.uploaded_by is 'Who uploaded it (the message''s author); null once the account is gone.';

create index ticket_attachments_ticket_id_created_at_idx on public.ticket_attachments (ticket_id, created_at, id);
create index ticket_attachments_message_id_idx on public.ticket_attachments (message_id);
create index ticket_attachments_uploaded_by_idx on public.ticket_attachments (uploaded_by);

alter table public.ticket_attachments enable row level security;

revoke all on table public.ticket_attachments from anon, authenticated, service_role;
grant select on table public.ticket_attachments to authenticated, service_role;

create policy "ticket_attachments: the ticket's owner reads those not on internal notes; admins read all"
  on public.ticket_attachments for select to authenticated
  using (
    (select public.is_admin())
    or (not internal and ticket_id in (select t.id from public.support_tickets t where t.user_id = (select auth.uid())))
  );

-- The ticket and the message of an attachment key, or nulls when the key is not
-- {ticket_id}/{message_id}/{attachment_id}/{file name}.
create or replace function private.ticket_attachment_key(object_name text, out ticket_id uuid, out message_id uuid)
language sql
immutable
security invoker
set search_path = ''
as $$
  select
    case when matches then split_part(object_name, '/', 1)::uuid end,
    case when matches then split_part(object_name, '/', 2)::uuid end
  from (
    select object_name ~ '^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/){3}[^/]+$' as matches
  ) k
$$;
comment on function private.ticket_attachment_key(text) is
  'Ticket and message ids of a key {ticket_id}/{message_id}/{attachment_id}/{file name} (lowercase uuids, one file segment); nulls for any other key.';
revoke execute on function private.ticket_attachment_key(text) from public, anon;
grant execute on function private.ticket_attachment_key(text) to authenticated, service_role;

-- Whether the caller may read the attachment under a key: an admin, when the ticket and message exist; the ticket's
-- owner, when the message is the first one or a message of the ticket that is not an internal note.
create or replace function private.may_read_ticket_attachment(object_name text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1
    from private.ticket_attachment_key(object_name) k
    join public.support_tickets t on t.id = k.ticket_id
    where (t.user_id = (select auth.uid()) or (select public.is_admin()))
      and (
        k.message_id = t.id
        or exists (
          select 1 from public.ticket_messages m
          where m.id = k.message_id and m.ticket_id = t.id and (not m.internal or (select public.is_admin()))
        )
      )
  )
$$;
comment on function private.may_read_ticket_attachment(text) is
  'True when the key names a message the caller reads: the ticket''s owner (first message or non-internal messages), or an admin.';
revoke execute on function private.may_read_ticket_attachment(text) from public, anon;
grant execute on function private.may_read_ticket_attachment(text) to authenticated, service_role;

-- Whether the caller wrote the message the key names: the ticket's owner for the first message, the message's author
-- for any other.
create or replace function private.may_add_ticket_attachment(object_name text)
returns boolean
language sql
stable
security invoker
set search_path = ''
as $$
  select exists (
    select 1
    from private.ticket_attachment_key(object_name) k
    join public.support_tickets t on t.id = k.ticket_id
    where (k.message_id = t.id and t.user_id = (select auth.uid()))
       or exists (
         select 1 from public.ticket_messages m
         where m.id = k.message_id and m.ticket_id = t.id and m.author_id = (select auth.uid())
       )
  )
$$;
comment on function private.may_add_ticket_attachment(text) is
  'True when the key names a message the caller wrote (the ticket''s first message: its owner).';
revoke execute on function private.may_add_ticket_attachment(text) from public, anon;
grant execute on function private.may_add_ticket_attachment(text) to authenticated, service_role;

-- One permissive policy per command on storage.objects (several would all run for every row): the project documents'
-- read and upload policies are replaced by ones covering both buckets, each bucket with its own rule.
drop policy "project-documents: the project's owner and admins list and download" on storage.objects;
drop policy "project-documents: the project's owner and admins upload" on storage.objects;

-- Read: a project's owner and admins; a ticket's owner (not internal notes' files) and admins.
create policy "project-documents and ticket-attachments: who reads"
  on storage.objects for select to authenticated
  using (
    (bucket_id = 'project-documents' and private.may_use_project_document(name))
    or (bucket_id = 'ticket-attachments' and private.may_read_ticket_attachment(name))
  );

-- Upload: a project's owner and admins; the author of the ticket's message.
create policy "project-documents and ticket-attachments: who uploads"
  on storage.objects for insert to authenticated
  with check (
    (bucket_id = 'project-documents' and private.may_use_project_document(name))
    or (bucket_id = 'ticket-attachments' and private.may_add_ticket_attachment(name))
  );

-- Keeps public.ticket_attachments equal to the objects of the bucket. Runs as the table's owner, whoever writes
-- storage.objects, and reads the uploader from the object's owner columns, never from the session.
create or replace function private.ticket_attachments_follow_objects()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ticket uuid;
  message uuid;
  note boolean;
  uploader uuid;
begin
  if tg_op = 'DELETE' then
    if old.bucket_id = 'ticket-attachments' then
      delete from public.ticket_attachments where storage_path = old.name;
    end if;
    return null;
  end if;
  if tg_op = 'UPDATE' then
    if old.bucket_id = 'ticket-attachments' and (new.bucket_id, new.name) is distinct from (old.bucket_id, old.name) then
      delete from public.ticket_attachments where storage_path = old.name;
    end if;
  end if;
  if new.bucket_id is distinct from 'ticket-attachments' then
    return null;
  end if;

  select k.ticket_id, k.message_id into ticket, message from private.ticket_attachment_key(new.name) k;
  if ticket is not null and message = ticket then
    message := null;
    note := false;
    perform 1 from public.support_tickets t where t.id = ticket;
    if not found then
      ticket := null;
    end if;
  elsif ticket is not null then
    select m.internal into note from public.ticket_messages m where m.id = message and m.ticket_id = ticket;
    if note is null then
      ticket := null;
    end if;
  end if;
  if ticket is null then
    raise exception using errcode = '23514', message = format('Invalid key: %s', new.name),
      detail = 'Os anexos de ticket ficam em {ticket_id}/{message_id}/{attachment_id}/{nome do arquivo}, de uma mensagem existente do ticket.';
  end if;
  uploader := coalesce(
    case when new.owner_id ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' then new.owner_id::uuid end,
    new.owner
  );
  insert into public.ticket_attachments (id, ticket_id, message_id, internal, storage_path, name, mime_type, size_bytes, uploaded_by)
  values (
    split_part(new.name, '/', 3)::uuid,
    ticket,
    message,
    note,
    new.name,
    split_part(new.name, '/', 4),
    coalesce(new.metadata ->> 'mimetype', 'application/octet-stream'),
    coalesce((new.metadata ->> 'size')::bigint, 0),
    (select pr.id from public.profiles pr where pr.id = uploader)
  )
  on conflict (storage_path) do update
    set mime_type = excluded.mime_type, size_bytes = excluded.size_bytes;
  return null;
end;
$$;
comment on function private.ticket_attachments_follow_objects() is
  'AFTER INSERT/UPDATE/DELETE on storage.objects: creates, refreshes and removes the ticket_attachments row of an object of ticket-attachments.';
revoke execute on function private.ticket_attachments_follow_objects() from public, anon, authenticated;

create trigger ticket_attachments_follow_objects
  after insert or delete or update of bucket_id, name, metadata on storage.objects
  for each row execute function private.ticket_attachments_follow_objects();

-- A ticket keeps its attachments: deleting it (or its owner) while attachments exist would leave their bytes in Storage.
create or replace function private.support_tickets_keep_attachments()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  attachments integer;
begin
  select count(*) into attachments from public.ticket_attachments a where a.ticket_id = old.id;
  if attachments > 0 then
    raise exception using errcode = '23503',
      message = 'Este ticket tem anexos: eles precisam ser removidos pelo Storage antes de excluir o ticket.',
      detail = format('%s anexo(s) no ticket %s.', attachments, old.id);
  end if;
  return old;
end;
$$;
comment on function private.support_tickets_keep_attachments() is
  'BEFORE DELETE on support_tickets: refuses (23503) while the ticket has attachments; they are removed through the Storage API first.';
revoke execute on function private.support_tickets_keep_attachments() from public, anon, authenticated;

create trigger support_tickets_keep_attachments
  before delete on public.support_tickets
  for each row execute function private.support_tickets_keep_attachments();
