// Storing a row whose id the browser made, exactly once. The form makes the id when the user first sends and keeps it
// across retries; the insert is `on conflict (id) do nothing`, so a retry whose first attempt did reach the server (its
// answer was lost) stores nothing more, gets no row back, and reads the stored row instead.
import type { Database } from '../database.types';
import { supabase } from './supabase';
import { NotFoundError, run, toDataError, type ErrorLike } from './data-errors';

type TableName = keyof Database['public']['Tables'];

export interface CreateOnce {
  table: TableName;
  /** The row to store, with the id made in the browser; the database fills the rest (owner, author, dates). */
  row: { id: string } & Record<string, unknown>;
  /** The columns to answer, in PostgREST's select syntax (embeds allowed); every column by default. */
  columns?: string;
  /** The pt-BR text of a failure the server did not word. */
  failure: string;
  /** The pt-BR text when the row cannot be read back (an id the caller may not see, or deleted meanwhile). */
  missing: string;
}

type Answer<D> = { data: D | null; error: ErrorLike | null; status: number };

/** The two calls made on a table, with the row type left to the caller (the table is chosen at run time). */
interface RowsOf {
  upsert(row: object, options: { onConflict: 'id'; ignoreDuplicates: true }): { select(columns: string): PromiseLike<Answer<unknown[]>> };
  select(columns: string): { eq(column: 'id', id: string): { maybeSingle(): PromiseLike<Answer<unknown>> } };
}
const rowsOf = (table: TableName) => supabase.from(table) as unknown as RowsOf;

/** Stores `row` once and answers it as stored (`columns`), whether this call or an earlier attempt stored it. */
export async function createOnce<Row>({ table, row, columns = '*', failure, missing }: CreateOnce): Promise<Row> {
  const created = await run(() => rowsOf(table).upsert(row, { onConflict: 'id', ignoreDuplicates: true }).select(columns));
  if (created.error) throw toDataError(created.error, created.status, failure);
  if (created.data?.[0]) return created.data[0] as Row;
  const stored = await run(() => rowsOf(table).select(columns).eq('id', row.id).maybeSingle());
  if (stored.error) throw toDataError(stored.error, stored.status, failure);
  if (!stored.data) throw new NotFoundError(missing);
  return stored.data as Row;
}
