-- Stored files that never change. An object of a bucket listed in private.immutable_storage_buckets is written once
-- and then only read or deleted: every UPDATE of its storage.objects row is refused, whoever runs it (the caller's
-- role, the service role, or Storage's own role serving a signed upload URL, which the policies do not see). That
-- covers an upsert over a stored key (also through a signed upload URL issued with upsert), a move or rename into or
-- out of the bucket, and a change of its metadata. The refusal is a unique_violation, which Storage answers as 409
-- 'The resource already exists', the same answer a plain re-upload of a stored key gets.
--
-- Another bucket becomes immutable with one line in the migration that creates it (after this one):
--   insert into private.immutable_storage_buckets (bucket_id) values ('<bucket id>') on conflict do nothing;

create table if not exists private.immutable_storage_buckets (
  bucket_id text primary key
);
comment on table private.immutable_storage_buckets is
  'Storage buckets whose objects are never updated (no overwrite, upsert, move or metadata change), only read and deleted.';
revoke all on table private.immutable_storage_buckets from public, anon, authenticated;

insert into private.immutable_storage_buckets (bucket_id) values ('project-documents') on conflict do nothing;

-- Security definer because Storage's own role writes storage.objects and has no rights in the private schema.
create or replace function private.storage_objects_immutable()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from private.immutable_storage_buckets b where b.bucket_id in (old.bucket_id, new.bucket_id)
  ) then
    raise exception using errcode = '23505',
      message = 'Um arquivo guardado não é substituído, renomeado nem movido: envie-o com outro nome.',
      detail = format('Objeto %s do bucket %s.', old.name, old.bucket_id);
  end if;
  return new;
end;
$$;
comment on function private.storage_objects_immutable() is
  'BEFORE UPDATE on storage.objects: refuses (23505) any update of an object in, or moving into, a bucket of private.immutable_storage_buckets.';
revoke execute on function private.storage_objects_immutable() from public, anon, authenticated;

drop trigger if exists storage_objects_immutable on storage.objects;
create trigger storage_objects_immutable
  before update on storage.objects
  for each row execute function private.storage_objects_immutable();
