// Which subscribers get a batch of captured changes, and what each may see: every delivery is checked as the
// subscriber (its role and JWT claims) against the table's row-level security and column privileges, as Realtime does.
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { actAs, canSee, pick, readRoleView, readTableInfo, type RoleView, type TableInfo } from './access.ts';
import { bindingMatches, type Change, type Channel } from './channel.ts';

export interface Delivery {
  ch: Channel;
  payload: unknown;
}

type Candidates = Map<Channel, { change: Change; ids: number[] }[]>;

/**
 * The postgres_changes messages for `changes`: matched against the open channels' bindings, then filtered by what each
 * subscriber may select. Channels whose session ended (sign-out, deleted user) are passed to `sessionEnded` instead.
 */
export async function deliveriesFor(
  pg: PGlite,
  changes: Change[],
  channels: Iterable<Channel>,
  sessionEnded: (ch: Channel) => void,
  log: (line: string) => void,
): Promise<Delivery[]> {
  const infos = new Map<string, TableInfo | null>();
  const open = [...channels].filter((ch) => !ch.closed);
  const candidates: Candidates = new Map();
  for (const c of changes) {
    const key = `${c.schema_name}.${c.table_name}`;
    if (!infos.has(key)) infos.set(key, await readTableInfo(pg, c.schema_name, c.table_name));
    const info = infos.get(key);
    if (!info) continue;
    for (const ch of open) {
      const ids = ch.bindings.filter((b) => bindingMatches(b, c, info)).map((b) => b.id);
      if (ids.length === 0) continue;
      if (!candidates.has(ch)) candidates.set(ch, []);
      candidates.get(ch)!.push({ change: c, ids: [...new Set(ids)] });
    }
  }
  if (candidates.size === 0) return [];
  await dropEndedSessions(pg, candidates, sessionEnded);

  const outbox: Delivery[] = [];
  await pg.transaction(async (tx) => {
    const views = new Map<string, RoleView | null>();
    for (const [ch, items] of candidates) {
      const role = ch.claims.role;
      await tx.query('savepoint realtime_subscriber');
      try {
        await actAs(tx, role, ch.claims);
        for (const { change: c, ids } of items) {
          const info = infos.get(`${c.schema_name}.${c.table_name}`)!;
          const viewKey = `${role}\u0000${info.oid}`;
          if (!views.has(viewKey)) views.set(viewKey, await readRoleView(tx, info, role));
          const view = views.get(viewKey);
          if (!view) continue;
          const data = await visibleData(tx, c, info, view);
          if (data) outbox.push({ ch, payload: { ids, data } });
        }
        await tx.query('release savepoint realtime_subscriber');
      } catch (err) {
        await tx.query('rollback to savepoint realtime_subscriber');
        log(`realtime: access check failed for ${ch.topic}: ${(err as Error).message}`);
      }
    }
  });
  return outbox;
}

async function dropEndedSessions(pg: PGlite, candidates: Candidates, sessionEnded: (ch: Channel) => void): Promise<void> {
  const sessionIds = [
    ...new Set([...candidates.keys()].map((ch) => ch.claims.session_id).filter((s): s is string => typeof s === 'string')),
  ];
  if (sessionIds.length === 0) return;
  const { rows } = await pg.query<{ id: string }>(`select id::text as id from auth.sessions where id = any($1::uuid[])`, [sessionIds]);
  const alive = new Set(rows.map((r) => r.id));
  for (const ch of [...candidates.keys()]) {
    const sid = ch.claims.session_id;
    if (typeof sid === 'string' && !alive.has(sid)) {
      sessionEnded(ch);
      candidates.delete(ch);
    }
  }
}

/** The change as this subscriber may see it (run inside the subscriber's role), or null when it may not. */
async function visibleData(
  tx: Transaction,
  c: Change,
  info: TableInfo,
  view: RoleView,
): Promise<Record<string, unknown> | null> {
  const base = {
    schema: c.schema_name,
    table: c.table_name,
    commit_timestamp: new Date(c.commit_timestamp).toISOString(),
    type: c.type,
    columns: view.columns.map((col) => ({ name: col.name, type: col.type })),
  };
  const allowed = new Set(view.columns.map((col) => col.name));
  // A role that cannot select the row's key gets nothing (the hosted service sends an empty record with
  // 'Error 401: Unauthorized'); a table without a primary key cannot be checked row by row.
  if (!info.pk.every((k) => allowed.has(k)) && info.pk.length > 0) return null;
  if (view.columns.length === 0) return null;
  if (info.pk.length === 0) return { ...base, record: {}, old_record: {}, errors: ['Error 400: Bad Request, no primary key'] };
  let visible = false;
  await tx.query('savepoint realtime_check');
  try {
    visible = await canSee(tx, info, view, c.type, c.record, c.old_record);
    await tx.query('release savepoint realtime_check');
  } catch {
    await tx.query('rollback to savepoint realtime_check');
  }
  if (!visible) return null;
  const oldNames = info.replicaFull ? [...allowed] : info.pk;
  const data: Record<string, unknown> = { ...base, errors: null };
  if (c.type !== 'DELETE') data.record = pick(c.record, allowed);
  if (c.type !== 'INSERT') data.old_record = pick(c.old_record, oldNames);
  return data;
}
