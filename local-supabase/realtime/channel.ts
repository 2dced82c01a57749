// A socket's channels and their postgres_changes bindings: what a join asks for and which captured change it matches.
import type { WebSocket } from 'ws';
import type { TableInfo } from './access.ts';
import type { ChannelPolicies } from './authorization.ts';
import { matchesFilter, parseFilter, type ParsedFilter } from './filters.ts';
import type { Vsn } from './protocol.ts';

export interface Binding {
  id: number;
  /** The binding as the client sent it; echoed back with its id. */
  params: Record<string, unknown>;
  event: string;
  schema: string;
  table: string | null;
  filter: ParsedFilter | null;
  valid: boolean;
}

export interface Channel {
  conn: Conn;
  topic: string;
  subTopic: string;
  /**
   * Who shares broadcast and presence with this channel: its sub-topic, kept apart for private channels (a public
   * channel of the same name never sees a private one's messages or presence).
   */
  room: string;
  /** Realtime Authorization's answers for a private channel; null for a public one (everything allowed). */
  policies: ChannelPolicies | null;
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

export interface Conn {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string;
  channels: Map<string, Channel>;
}

/** A row change captured by the publication's triggers. */
export interface Change {
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

/** The `postgres_changes` bindings of a join's config; a binding with an unknown event or filter is kept, invalid. */
export function parseBindings(config: Record<string, unknown>): Binding[] {
  const raw = Array.isArray(config.postgres_changes) ? (config.postgres_changes as unknown[]) : [];
  const bindings: Binding[] = [];
  for (const item of raw) {
    if (!item || typeof item !== 'object') continue;
    const params = item as Record<string, unknown>;
    const event = typeof params.event === 'string' ? params.event.toUpperCase() : '*';
    const schema = typeof params.schema === 'string' ? params.schema : 'public';
    const table = typeof params.table === 'string' && params.table !== '*' ? params.table : null;
    const filterText = typeof params.filter === 'string' && params.filter !== '' ? params.filter : null;
    const filter = filterText === null ? null : parseFilter(filterText);
    const valid = ['*', 'INSERT', 'UPDATE', 'DELETE'].includes(event) && (filterText === null || filter !== null);
    bindings.push({ id: bindingId(params), params, event, schema, table, filter, valid });
  }
  return bindings;
}

/** Why a binding cannot be served (Realtime's own wording), or null; marks it invalid. */
export function bindingProblem(b: Binding, info: TableInfo | null): string | null {
  if (!b.valid) return `Error parsing \`filter\` params: ${String(b.params.filter ?? b.params.event)}`;
  if (!b.table) return null;
  if (info && (!b.filter || info.columns.some((c) => c.name === b.filter!.column))) return null;
  b.valid = false;
  return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${b.event}, schema: ${b.schema}, table: ${b.table}, filters: [${b.filter ? b.params.filter : ''}]]`;
}

export function bindingMatches(b: Binding, c: Change, tableInfo: TableInfo): boolean {
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
