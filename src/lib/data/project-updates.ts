// Data module for `project_updates`, the timeline of a project ('Atualizações'). Row-level security decides who reads,
// posts and deletes (the project's owner and admins read and post; the author deletes within 15 minutes, admins any);
// the database stores the author as the caller and the content trimmed.
import type { Tables } from '../database.types';
import { supabase } from './supabase';
import { NotFoundError, run, toDataError } from './data-errors';
import { isUuid } from '../util/ids';
import { createOnce } from './create-once';

export const UPDATES_PAGE_SIZE = 20;

const UPDATE_COLUMNS = 'id, project_id, author_id, content, created_at, author:profiles!project_updates_author_id_fkey(full_name)';
export type ProjectUpdate = Tables<'project_updates'> & { author: { full_name: string | null } | null };

/** Where the next page starts: the last row shown (created_at and id, so rows of the same instant are not skipped). */
export interface UpdatesCursor {
  created_at: string;
  id: string;
}

/**
 * One page of a project's updates, newest first. The next page starts after `after` (keyset paging: an update posted
 * meanwhile does not shift the pages, so nothing is shown twice). One row more than the page says whether there is more.
 */
export async function listProjectUpdates(
  projectId: string,
  { after, limit = UPDATES_PAGE_SIZE }: { after?: UpdatesCursor | null; limit?: number } = {},
): Promise<{ rows: ProjectUpdate[]; hasMore: boolean }> {
  if (!isUuid(projectId)) throw new NotFoundError('Projeto não encontrado.');
  const { data, error, status } = await run(() => {
    let query = supabase.from('project_updates').select(UPDATE_COLUMNS).eq('project_id', projectId);
    if (after) {
      const at = `"${after.created_at}"`;
      query = query.or(`created_at.lt.${at},and(created_at.eq.${at},id.lt.${after.id})`);
    }
    return query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit + 1)
      .overrideTypes<ProjectUpdate[], { merge: false }>();
  });
  if (error) throw toDataError(error, status, 'Não foi possível carregar as atualizações.');
  const rows = data ?? [];
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/**
 * Posts an update with an id made by the form and kept across retries: a retry whose first attempt did reach the
 * server stores nothing more (insert … on conflict (id) do nothing) and answers the stored row.
 */
export async function createProjectUpdate(values: { id: string; projectId: string; content: string }): Promise<ProjectUpdate> {
  return createOnce<ProjectUpdate>({
    table: 'project_updates',
    row: { id: values.id, project_id: values.projectId, content: values.content },
    columns: UPDATE_COLUMNS,
    failure: 'Não foi possível adicionar a atualização.',
    missing: 'A atualização não foi encontrada depois de enviada.',
  });
}

/** Deletes an update the caller may delete; nothing deleted (gone, not theirs, or past 15 minutes) is a NotFoundError. */
export async function deleteProjectUpdate(id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError('Atualização não encontrada.');
  const { data, error, status } = await run(() => supabase.from('project_updates').delete().eq('id', id).select('id'));
  if (error) throw toDataError(error, status, 'Não foi possível excluir a atualização.');
  if (!data || data.length === 0) throw new NotFoundError('Esta atualização não pode mais ser excluída (ou já foi excluída).');
}
