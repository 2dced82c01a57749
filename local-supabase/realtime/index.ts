// /realtime/v1: Supabase Realtime for unmodified realtime-js (supabase-js `channel()`), over the `ws` package.
//   * the Phoenix protocol (serializers 1.0.0 and 2.0.0), heartbeat, phx_join / phx_leave, access_token refresh;
//   * postgres_changes from the tables of the publication supabase_realtime (captured by triggers, see
//     sql/30_realtime.sql), with filters, each delivery checked against the subscriber's RLS and column privileges;
//   * broadcast (self, ack) and presence (presence_state, presence_diff, track/untrack), on public channels and on
//     private ones (Realtime Authorization: the policies of realtime.messages, see authorization.ts).
// A channel's token is re-checked when it expires and on every delivery its session must still exist (sign-out or
// a deleted user ends it): the channel then gets Realtime's `system` error and `phx_close`.
import type { PGlite } from '@electric-sql/pglite';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ProjectKeys } from '../keys/project-keys.ts';
import { readTableInfo } from './access.ts';
import { checkToken, resolveToken, sessionAlive } from './auth.ts';
import { authorizeChannel } from './authorization.ts';
import { bindingProblem, parseBindings, type Change, type Channel, type Conn } from './channel.ts';
import { deliveriesFor } from './deliver.ts';
import { ChangeQueue } from './queue.ts';
import { Topics } from './presence.ts';
import { decodeFrame, encodeFrame, parseVsn, type PhxMessage } from './protocol.ts';

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


export async function attachRealtime(server: http.Server, opts: RealtimeOptions): Promise<Realtime> {
  const { pg, keys, log } = opts;
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const conns = new Set<Conn>();
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

  /** Channels by sub-topic, for broadcast and presence. */
  const topics = new Topics(push);

  // ---- channel lifecycle -----------------------------------------------------------------------------------------
  function removeChannel(ch: Channel): void {
    if (ch.closed) return;
    ch.closed = true;
    if (ch.expiryTimer) clearTimeout(ch.expiryTimer);
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
    topics.remove(ch);
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

  async function handleJoin(conn: Conn, m: PhxMessage): Promise<void> {
    const subTopic = m.topic.slice('realtime:'.length);
    if (subTopic === '') return reply(conn, m, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    const payload = (m.payload ?? {}) as Record<string, unknown>;
    const config = (payload.config ?? {}) as Record<string, unknown>;
    const isPrivate = config.private === true;
    const { token, check } = await resolveToken(keys, conn.apikey, payload.access_token ?? payload.user_token);
    if (!check.ok) return reply(conn, m, 'error', { reason: `${check.code}: ${check.message}` });
    if (!(await sessionAlive(pg, check.claims))) {
      return reply(conn, m, 'error', { reason: 'InvalidJWTToken: Session not found: the user signed out or was deleted' });
    }
    const policies = isPrivate ? await authorizeChannel(pg, check.claims, subTopic, log) : null;
    if (typeof policies === 'string') return reply(conn, m, 'error', { reason: policies });
    const bindings = parseBindings(config);
    const existing = conn.channels.get(m.topic);
    if (existing) removeChannel(existing);
    const broadcast = (config.broadcast ?? {}) as Record<string, unknown>;
    const presence = (config.presence ?? {}) as Record<string, unknown>;
    const ch: Channel = {
      conn,
      topic: m.topic,
      subTopic,
      room: isPrivate ? `${subTopic}\u0000private` : subTopic,
      policies,
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
    topics.add(ch);
    armExpiry(ch);
    reply(conn, m, 'ok', { postgres_changes: bindings.map((b) => ({ ...b.params, id: b.id })) });
    if (bindings.length) {
      const problems: string[] = [];
      await pg.query(`select local_supabase.realtime_sync_triggers()`).catch((e) => log(`realtime: trigger sync failed: ${e}`));
      for (const b of bindings) {
        const info = b.valid && b.table ? await readTableInfo(pg, b.schema, b.table) : null;
        const problem = bindingProblem(b, info);
        if (problem) problems.push(problem);
      }
      if (problems.length) systemMessage(ch, 'postgres_changes', 'error', problems.join('; '));
      else systemMessage(ch, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    }
    if (ch.presenceEnabled) topics.sync(ch);
  }

  async function handleAccessToken(ch: Channel, token: unknown): Promise<void> {
    if (typeof token !== 'string' || token === '' || token.startsWith('sb_') || token === ch.token) return;
    const check = await checkToken(keys, token);
    if (!check.ok) return shutdown(ch, check.message);
    if (!(await sessionAlive(pg, check.claims))) return shutdown(ch, 'Session not found: the user signed out or was deleted');
    if (ch.policies) {
      // New claims may read less: a private channel's policies are decided again for them.
      const policies = await authorizeChannel(pg, check.claims, ch.subTopic, log);
      if (typeof policies === 'string') return shutdown(ch, policies);
      ch.policies = policies;
    }
    ch.token = token;
    ch.claims = check.claims;
    armExpiry(ch);
  }

  function handleBroadcast(ch: Channel, m: PhxMessage): void {
    const p = (m.payload ?? {}) as Record<string, unknown>;
    if (typeof p.event !== 'string') return;
    // A private channel sends only where its policies let the subscriber write broadcast; Realtime drops the rest.
    if (ch.policies && !ch.policies.broadcastWrite) {
      if (ch.broadcastAck && m.ref) reply(ch.conn, m, 'error', {});
      return;
    }
    const out = { ...p, type: 'broadcast' };
    for (const other of topics.members(ch.room)) {
      if (other.closed || (other === ch && !ch.broadcastSelf)) continue;
      push(other, 'broadcast', out);
    }
    if (ch.broadcastAck && m.ref) reply(ch.conn, m, 'ok', {});
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
        return topics.handle(ch, m.payload ?? {}, (status, response) => reply(ch.conn, m, status, response));
      default:
        return; // Realtime ignores other client events.
    }
  }

  // ---- postgres_changes ------------------------------------------------------------------------------------------
  async function deliver(changes: Change[]): Promise<void> {
    const channels = [...conns].flatMap((conn) => [...conn.channels.values()]);
    const sessionEnded = (ch: Channel) => shutdown(ch, 'Session not found: the user signed out or was deleted');
    for (const { ch, payload } of await deliveriesFor(pg, changes, channels, sessionEnded, log)) {
      if (!ch.closed) push(ch, 'postgres_changes', payload);
    }
  }

  const queue = new ChangeQueue(pg, deliver, log);
  const unlisten = await pg.listen(CHANGES_CHANNEL, () => void queue.drain());

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
      await queue.close();
      wss.close();
    },
    async flush() {
      await queue.drain();
    },
  };
}
