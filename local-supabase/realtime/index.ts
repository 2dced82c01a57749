// /realtime/v1: Supabase Realtime for unmodified realtime-js (supabase-js `channel()`), over the `ws` package.
//   * the Phoenix protocol (serializers 1.0.0 and 2.0.0), heartbeat, phx_join / phx_leave, access_token refresh;
//   * postgres_changes from the tables of the publication supabase_realtime (captured by triggers, see
//     sql/30_realtime.sql), with filters, each delivery checked against the subscriber's RLS and column privileges;
//   * broadcast (self, ack) and presence (presence_state, presence_diff, track/untrack) on public channels.
// A channel's token is re-checked when it expires and on every delivery its session must still exist (sign-out or
// a deleted user ends it): the channel then gets Realtime's `system` error and `phx_close`.
import type { PGlite } from '@electric-sql/pglite';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { actAs, canSee, pick, readRoleView, readTableInfo, type RoleView, type TableInfo } from './access.ts';
import { checkToken } from './auth.ts';
import type { ProjectKeys } from '../keys/project-keys.ts';
import { matchesFilter, parseFilter, type ParsedFilter } from './filters.ts';
import { decodeFrame, encodeFrame, parseVsn, type PhxMessage, type Vsn } from './protocol.ts';

export const REALTIME_SOCKET_PATH = '/realtime/v1/websocket';
const CHANGES_CHANNEL = 'local_supabase_realtime';
/** Timers longer than this are re-armed (setTimeout's limit is about 24.8 days). */
const MAX_TIMER_MS = 60 * 60 * 1000;

export interface RealtimeOptions {
  pg: PGlite;
  keys: ProjectKeys;
  log: (line: string) => void;
}

export interface Realtime {
  /** Closes every socket (clients reconnect on their own) and stops listening for changes. */
  close(): Promise<void>;
  /** Resolves once every change committed so far has been delivered. */
  flush(): Promise<void>;
}

interface Binding {
  id: number;
  /** The binding as the client sent it; echoed back with its id. */
  params: Record<string, unknown>;
  event: string;
  schema: string;
  table: string | null;
  filter: ParsedFilter | null;
  valid: boolean;
}

interface Channel {
  conn: Conn;
  topic: string;
  subTopic: string;
  joinRef: string | null;
  token: string;
  claims: Record<string, unknown> & { role: string; exp: number };
  bindings: Binding[];
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  presenceMeta: Record<string, unknown> | null;
  expiryTimer: NodeJS.Timeout | null;
  closed: boolean;
}

interface Conn {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string;
  channels: Map<string, Channel>;
}

interface Change {
  id: number;
  schema_name: string;
  table_name: string;
  type: 'INSERT' | 'UPDATE' | 'DELETE';
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
  commit_timestamp: Date | string;
}

/** A stable small integer for a binding's parameters (Realtime's ids are a hash of them too). */
function bindingId(params: Record<string, unknown>): number {
  const text = JSON.stringify(['event', 'schema', 'table', 'filter'].map((k) => params[k] ?? null));
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 134217728;
}

let refCounter = 0;
const newRef = () => `${Date.now().toString(36)}${(++refCounter).toString(36)}`;

export async function attachRealtime(server: http.Server, opts: RealtimeOptions): Promise<Realtime> {
  const { pg, keys, log } = opts;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const conns = new Set<Conn>();
  /** Channels by sub-topic, for broadcast and presence. */
  const topics = new Map<string, Set<Channel>>();
  let closed = false;

  await pg.query(`delete from local_supabase.realtime_changes`);
  await pg.query(`select local_supabase.realtime_sync_triggers()`);

  // ---- sending -------------------------------------------------------------------------------------------------
  function send(conn: Conn, msg: PhxMessage): void {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    const frame = encodeFrame(msg, conn.vsn);
    if (frame === '') return;
    conn.ws.send(frame);
  }
  const reply = (conn: Conn, m: PhxMessage, status: 'ok' | 'error', response: Record<string, unknown>) =>
    send(conn, { joinRef: m.joinRef, ref: m.ref, topic: m.topic, event: 'phx_reply', payload: { status, response } });
  const push = (ch: Channel, event: string, payload: unknown) =>
    send(ch.conn, { joinRef: ch.joinRef, ref: null, topic: ch.topic, event, payload });
  const systemMessage = (ch: Channel, extension: string, status: 'ok' | 'error', message: string) =>
    push(ch, 'system', { extension, status, message, channel: ch.subTopic });

  // ---- presence --------------------------------------------------------------------------------------------------
  function presenceState(subTopic: string): Record<string, { metas: Record<string, unknown>[] }> {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    for (const ch of topics.get(subTopic) ?? []) {
      if (!ch.presenceMeta) continue;
      (state[ch.presenceKey] ??= { metas: [] }).metas.push(ch.presenceMeta);
    }
    return state;
  }
  function presenceDiff(subTopic: string, key: string, joins: Record<string, unknown>[], leaves: Record<string, unknown>[]): void {
    const payload = {
      joins: joins.length ? { [key]: { metas: joins } } : {},
      leaves: leaves.length ? { [key]: { metas: leaves } } : {},
    };
    for (const ch of topics.get(subTopic) ?? []) if (ch.presenceEnabled && !ch.closed) push(ch, 'presence_diff', payload);
  }

  // ---- channel lifecycle -----------------------------------------------------------------------------------------
  function removeChannel(ch: Channel): void {
    if (ch.closed) return;
    ch.closed = true;
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
    const set = topics.get(ch.subTopic);
    set?.delete(ch);
    if (set && set.size === 0) topics.delete(ch.subTopic);
    if (ch.presenceMeta) {
      const left = ch.presenceMeta;
      ch.presenceMeta = null;
      presenceDiff(ch.subTopic, ch.presenceKey, [], [left]);
    }
  }

  /** Ends a channel the way Realtime does: a `system` error naming the reason, then phx_close. */
  function shutdown(ch: Channel, message: string): void {
    if (ch.closed) return;
    systemMessage(ch, 'system', 'error', message);
    push(ch, 'phx_close', {});
    removeChannel(ch);
    log(`realtime: closed ${ch.topic}: ${message}`);
  }

  function armExpiry(ch: Channel): void {
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
    const ms = ch.claims.exp * 1000 - Date.now();
    ch.expiryTimer = setTimeout(async () => {
      ch.expiryTimer = null;
      if (ch.closed) return;
      const check = await checkToken(keys, ch.token);
      if (!check.ok) shutdown(ch, check.message);
      else armExpiry(ch);
    }, Math.max(0, Math.min(ms, MAX_TIMER_MS)));
    ch.expiryTimer.unref?.();
  }

  async function sessionAlive(claims: Record<string, unknown>): Promise<boolean> {
    const sid = claims.session_id;
    if (typeof sid !== 'string') return true;
    try {
      const { rows } = await pg.query(`select 1 from auth.sessions where id = $1::uuid`, [sid]);
      return rows.length > 0;
    } catch {
      return false;
    }
  }

  /** The claims of the token a join or refresh names (`sb_` keys and no token: the socket's API key). */
  async function resolveToken(conn: Conn, token: unknown) {
    const t = typeof token === 'string' && token !== '' && !token.startsWith('sb_') ? token : conn.apikey;
    return { token: t, check: await checkToken(keys, t) };
  }

  async function handleJoin(conn: Conn, m: PhxMessage): Promise<void> {
    const subTopic = m.topic.slice('realtime:'.length);
    if (subTopic === '') return reply(conn, m, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    const payload = (m.payload ?? {}) as Record<string, unknown>;
    const config = (payload.config ?? {}) as Record<string, unknown>;
    if (config.private === true) {
      return reply(conn, m, 'error', {
        reason: 'PrivateChannelsUnsupported: private channels (Realtime Authorization) are not served by local-supabase',
      });
    }
    const { token, check } = await resolveToken(conn, payload.access_token ?? payload.user_token);
    if (!check.ok) return reply(conn, m, 'error', { reason: `${check.code}: ${check.message}` });
    if (!(await sessionAlive(check.claims))) {
      return reply(conn, m, 'error', { reason: 'InvalidJWTToken: Session not found: the user signed out or was deleted' });
    }
    const rawBindings = Array.isArray(config.postgres_changes) ? (config.postgres_changes as unknown[]) : [];
    const bindings: Binding[] = [];
    for (const raw of rawBindings) {
      if (!raw || typeof raw !== 'object') continue;
      const params = raw as Record<string, unknown>;
      const event = typeof params.event === 'string' ? params.event.toUpperCase() : '*';
      const schema = typeof params.schema === 'string' ? params.schema : 'public';
      const table = typeof params.table === 'string' && params.table !== '*' ? params.table : null;
      const filterText = typeof params.filter === 'string' && params.filter !== '' ? params.filter : null;
      const filter = filterText === null ? null : parseFilter(filterText);
      const valid = ['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event) && (filterText === null || filter !== null);
      bindings.push({ id: bindingId(params), params, event, schema, table, filter, valid });
    }
    const existing = conn.channels.get(m.topic);
    if (existing) removeChannel(existing);
    const broadcast = (config.broadcast ?? {}) as Record<string, unknown>;
    const presence = (config.presence ?? {}) as Record<string, unknown>;
    const ch: Channel = {
      conn,
      topic: m.topic,
      subTopic,
      joinRef: m.joinRef ?? m.ref,
      token,
      claims: check.claims,
      bindings,
      broadcastSelf: broadcast.self === true,
      broadcastAck: broadcast.ack === true,
      presenceKey: typeof presence.key === 'string' && presence.key !== '' ? presence.key : crypto.randomUUID(),
      presenceEnabled: presence.enabled === true,
      presenceMeta: null,
      expiryTimer: null,
      closed: false,
    };
    conn.channels.set(m.topic, ch);
    if (!topics.has(subTopic)) topics.set(subTopic, new Set());
    topics.get(subTopic)!.add(ch);
    armExpiry(ch);
    reply(conn, m, 'ok', { postgres_changes: bindings.map((b) => ({ ...b.params, id: b.id })) });
    if (bindings.length) {
      const problems: string[] = [];
      await pg.query(`select local_supabase.realtime_sync_triggers()`).catch((e) => log(`realtime: trigger sync failed: ${e}`));
      for (const b of bindings) {
        if (!b.valid) {
          problems.push(`Error parsing \`filter\` params: ${String(b.params.filter ?? b.params.event)}`);
          continue;
        }
        if (b.table) {
          const info = await readTableInfo(pg, b.schema, b.table);
          if (!info || (b.filter && !info.columns.some((c) => c.name === b.filter!.column))) {
            b.valid = false;
            problems.push(
              `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${b.event}, schema: ${b.schema}, table: ${b.table}, filters: [${b.filter ? b.params.filter : ''}]]`,
            );
          }
        }
      }
      if (problems.length) systemMessage(ch, 'postgres_changes', 'error', problems.join('; '));
      else systemMessage(ch, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
    if (ch.presenceEnabled) push(ch, 'presence_state', presenceState(subTopic));
  }

  async function handleAccessToken(ch: Channel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_') || token === ch.token) return;
    const check = await checkToken(keys, token);
    if (!check.ok) return shutdown(ch, check.message);
    if (!(await sessionAlive(check.claims))) return shutdown(ch, 'Session not found: the user signed out or was deleted');
    ch.token = token;
    ch.claims = check.claims;
    armExpiry(ch);
  }

  function handleBroadcast(ch: Channel, m: PhxMessage): void {
    const p = (m.payload ?? {}) as Record<string, unknown>;
    if (typeof p.event !== 'string') return;
    const out = { ...p, type: 'broadcast' };
    for (const other of topics.get(ch.subTopic) ?? []) {
      if (other.closed || (other === ch && !ch.broadcastSelf)) continue;
      push(other, 'broadcast', out);
    }
    if (ch.broadcastAck && m.ref) reply(ch.conn, m, 'ok', {});
  }

  function handlePresence(ch: Channel, m: PhxMessage): void {
    const p = (m.payload ?? {}) as Record<string, unknown>;
    if (p.event === 'track') {
      const body = p.payload;
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        return reply(ch.conn, m, 'error', { reason: 'Presence track payload must be a map' });
      }
      if (!ch.presenceEnabled) {
        ch.presenceEnabled = true;
        push(ch, 'presence_state', presenceState(ch.subTopic));
      }
      const before = ch.presenceMeta;
      const meta: Record<string, unknown> = { ...(body as Record<string, unknown>), phx_ref: newRef() };
      if (before) meta.phx_ref_prev = before.phx_ref;
      ch.presenceMeta = meta;
      reply(ch.conn, m, 'ok', {});
      presenceDiff(ch.subTopic, ch.presenceKey, [meta], before ? [before] : []);
      return;
    }
    if (p.event === 'untrack') {
      const before = ch.presenceMeta;
      ch.presenceMeta = null;
      reply(ch.conn, m, 'ok', {});
      if (before) presenceDiff(ch.subTopic, ch.presenceKey, [], [before]);
      return;
    }
    reply(ch.conn, m, 'error', { reason: 'Presence event must be track or untrack' });
  }

  async function handleMessage(conn: Conn, m: PhxMessage): Promise<void> {
    if (m.topic === 'phoenix') {
      if (m.event === 'heartbeat') reply(conn, m, 'ok', {});
      return;
    }
    if (m.event === 'phx_join') {
      if (!m.topic.startsWith('realtime:')) return reply(conn, m, 'error', { reason: 'unmatched topic' });
      return handleJoin(conn, m);
    }
    const ch = conn.channels.get(m.topic);
    if (!ch) {
      if (m.ref) reply(conn, m, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (m.event) {
      case 'phx_leave':
        reply(conn, m, 'ok', {});
        push(ch, 'phx_close', {});
        removeChannel(ch);
        return;
      case 'access_token':
        return handleAccessToken(ch, (m.payload ?? {}).access_token);
      case 'broadcast':
        return handleBroadcast(ch, m);
      case 'presence':
        return handlePresence(ch, m);
      default:
        return; // Realtime ignores other client events.
    }
  }

  // ---- postgres_changes ------------------------------------------------------------------------------------------
  function bindingMatches(b: Binding, c: Change, tableInfo: TableInfo): boolean {
    if (!b.valid || b.schema !== c.schema_name) return false;
    if (b.table !== null && b.table !== c.table_name) return false;
    if (b.event !== '*' && b.event !== c.type) return false;
    if (b.filter) {
      const col = tableInfo.columns.find((x) => x.name === b.filter!.column);
      if (!col) return false;
      const row = c.type === 'DELETE' ? c.old_record : c.record;
      if (!row || !matchesFilter(b.filter, row, col.type)) return false;
    }
    return true;
  }

  async function deliver(changes: Change[]): Promise<void> {
    const infos = new Map<string, TableInfo | null>();
    const candidates = new Map<Channel, { change: Change; ids: number[] }[]>();
    for (const c of changes) {
      const key = `${c.schema_name}.${c.table_name}`;
      if (!infos.has(key)) infos.set(key, await readTableInfo(pg, c.schema_name, c.table_name));
      const info = infos.get(key);
      if (!info) continue;
      for (const conn of conns) {
        for (const ch of conn.channels.values()) {
          if (ch.closed) continue;
          const ids = ch.bindings.filter((b) => bindingMatches(b, c, info)).map((b) => b.id);
          if (ids.length === 0) continue;
          if (!candidates.has(ch)) candidates.set(ch, []);
          candidates.get(ch)!.push({ change: c, ids: [...new Set(ids)] });
        }
      }
    }
    if (candidates.size === 0) return;

    // Channels whose session ended (sign-out, deleted user) are closed instead of served.
    const sessionIds = [...new Set([...candidates.keys()].map((ch) => ch.claims.session_id).filter((s): s is string => typeof s === 'string'))];
    if (sessionIds.length) {
      const { rows } = await pg.query<{ id: string }>(`select id::text as id from auth.sessions where id = any($1::uuid[])`, [sessionIds]);
      const alive = new Set(rows.map((r) => r.id));
      for (const ch of [...candidates.keys()]) {
        const sid = ch.claims.session_id;
        if (typeof sid === 'string' && !alive.has(sid)) {
          shutdown(ch, 'Session not found: the user signed out or was deleted');
          candidates.delete(ch);
        }
      }
    }

    const outbox: { ch: Channel; payload: unknown }[] = [];
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
            const base = {
              schema: c.schema_name,
              table: c.table_name,
              commit_timestamp: new Date(c.commit_timestamp).toISOString(),
              type: c.type,
              columns: view.columns.map((col) => ({ name: col.name, type: col.type })),
            };
            const allowed = new Set(view.columns.map((col) => col.name));
            // A role that cannot select the row's key gets nothing (the hosted service sends an empty record
            // with 'Error 401: Unauthorized'); a table without a primary key cannot be checked row by row.
            if (!info.pk.every((k) => allowed.has(k)) && info.pk.length > 0) continue;
            if (view.columns.length === 0) continue;
            if (info.pk.length === 0) {
              outbox.push({ ch, payload: { ids, data: { ...base, record: {}, old_record: {}, errors: ['Error 400: Bad Request, no primary key'] } } });
              continue;
            }
            let visible = false;
            await tx.query('savepoint realtime_check');
            try {
              visible = await canSee(tx, info, view, c.type, c.record, c.old_record);
              await tx.query('release savepoint realtime_check');
            } catch {
              await tx.query('rollback to savepoint realtime_check');
            }
            if (!visible) continue;
            const oldNames = info.replicaFull ? [...allowed] : info.pk;
            const data: Record<string, unknown> = { ...base, errors: null };
            if (c.type !== 'DELETE') data.record = pick(c.record, allowed);
            if (c.type !== 'INSERT') data.old_record = pick(c.old_record, oldNames);
            outbox.push({ ch, payload: { ids, data } });
          }
          await tx.query('release savepoint realtime_subscriber');
        } catch (err) {
          await tx.query('rollback to savepoint realtime_subscriber');
          log(`realtime: access check failed for ${ch.topic}: ${(err as Error).message}`);
        }
      }
    });
    for (const { ch, payload } of outbox) if (!ch.closed) push(ch, 'postgres_changes', payload);
  }

  let draining: Promise<void> | null = null;
  let again = false;
  async function drainOnce(): Promise<void> {
    for (;;) {
      const { rows } = await pg.query<Change>(
        `with d as (
           delete from local_supabase.realtime_changes
            where id in (select id from local_supabase.realtime_changes order by id limit 200)
           returning *)
         select * from d order by id`,
      );
      if (rows.length === 0) return;
      try {
        await deliver(rows);
      } catch (err) {
        log(`realtime: delivery failed: ${(err as Error)?.stack ?? err}`);
      }
    }
  }
  function drain(): Promise<void> {
    if (closed) return Promise.resolve();
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        await drainOnce();
      } while (again && !closed);
    })().finally(() => {
      draining = null;
    });
    return draining;
  }
  const unlisten = await pg.listen(CHANGES_CHANNEL, () => void drain());

  // ---- sockets ---------------------------------------------------------------------------------------------------
  const refuse = (socket: Duplex, status: number, message: string) => {
    const body = JSON.stringify({ message });
    socket.end(
      `HTTP/1.1 ${status} ${status === 403 ? 'Forbidden' : status === 404 ? 'Not Found' : 'Bad Request'}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  };

  const onUpgrade = async (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname.replace(/\/+$/, '');
    if (path !== REALTIME_SOCKET_PATH) return refuse(socket, 404, `No route for websocket ${path}`);
    if (closed) return refuse(socket, 503 as 400, 'Realtime is restarting, please standby');
    const vsn = parseVsn(url.searchParams.get('vsn'));
    if (!vsn) return refuse(socket, 400, `Unsupported serializer version: ${url.searchParams.get('vsn')}`);
    const apikey = url.searchParams.get('apikey') ?? (req.headers['x-api-key'] as string | undefined) ?? '';
    const check = apikey ? await checkToken(keys, apikey) : null;
    if (!check?.ok) return refuse(socket, 403, check ? `${check.code}: ${check.message}` : 'No apikey was given');
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Conn = { ws, vsn, apikey, channels: new Map() };
      conns.add(conn);
      // Messages of one socket are handled in order, as a Phoenix socket process does.
      let queue = Promise.resolve();
      ws.on('message', (data, isBinary) => {
        const buf = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        const m = decodeFrame(buf, isBinary, conn.vsn);
        if (!m) return;
        queue = queue.then(() => handleMessage(conn, m)).catch((err) => log(`realtime: ${m.event} on ${m.topic} failed: ${(err as Error)?.stack ?? err}`));
      });
      ws.on('close', () => {
        conns.delete(conn);
        for (const ch of [...conn.channels.values()]) removeChannel(ch);
      });
      ws.on('error', () => ws.terminate());
    });
  };
  server.on('upgrade', (req, socket, head) => {
    void onUpgrade(req, socket, head).catch(() => socket.destroy());
  });

  return {
    async close() {
      if (closed) return;
      closed = true;
      await unlisten().catch(() => {});
      for (const conn of conns) {
        for (const ch of conn.channels.values()) if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
        conn.ws.terminate();
      }
      conns.clear();
      topics.clear();
      await draining?.catch(() => {});
      wss.close();
    },
    async flush() {
      await drain();
    },
  };
}
