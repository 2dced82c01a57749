// Live screens: Supabase Realtime (realtime-js, the client supabase-js's `channel()` is) for the row changes of the
// tables in the `supabase_realtime` publication, and Presence for the support desk.
//
// realtime-js is not part of any screen's first chunk: it is imported the first time a screen asks to watch something,
// and only once the page has loaded and its first data has painted (at most 3 s after load). One socket per page,
// opened with the project's publishable key; every channel joins with the signed-in user's access token, read from the
// session the same way REST calls read it, so Realtime checks each delivery against that user's row-level security.
// The token follows the session: realtime-js asks for it again on every heartbeat, the auth client's refresh and
// sign-in events hand the new one over at once, and signing out leaves every channel.
import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import { SUPABASE_KEY, SUPABASE_URL } from './session-key';
import { afterFirstView, supabase } from './supabase';

/** The tables the browser watches (the ones the migrations publish to Realtime). */
export type LiveTable =
  | 'support_tickets'
  | 'ticket_messages'
  | 'projects'
  | 'project_updates'
  | 'project_documents'
  | 'notifications'
  | 'invoices';
export type LiveEvent = 'INSERT' | 'UPDATE' | 'DELETE';

/** What to watch: a table, optionally one event, optionally one Realtime filter (`column=eq.value`). */
export interface LiveBinding {
  table: LiveTable;
  event?: LiveEvent | '*';
  filter?: string;
}

/** One change as a screen gets it: the new row (null for a delete) and the old one (its primary key at least). */
export interface LiveChange {
  table: LiveTable;
  event: LiveEvent;
  row: Record<string, unknown> | null;
  old: Record<string, unknown> | null;
}

export interface LiveWatch {
  onChange: (change: LiveChange) => void;
  /**
   * Runs each time the server starts listening for this watch (first join and every rejoin after the connection was
   * lost): what changed while nothing was listening is to be read again.
   */
  onListening?: () => void;
}

/** The page's one Realtime client, made on first use (null while no screen watches anything). */
let client: Promise<RealtimeClient> | null = null;

/** The access token of the current session (the publishable key when signed out, as supabase-js does). */
async function accessToken(): Promise<string | null> {
  const { data } = await supabase.auth.getSession();
  return data.session?.access_token ?? null;
}

/** The Realtime endpoint for a project URL: `ws(s)://<host>/realtime/v1`. */
export function realtimeUrl(projectUrl: string): string {
  const url = new URL('realtime/v1', projectUrl.endsWith('/') ? projectUrl : `${projectUrl}/`);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

function realtime(): Promise<RealtimeClient> {
  client ??= afterFirstView()
    .then(() => import('@supabase/realtime-js'))
    .then(async ({ RealtimeClient: Client }) => {
      // The module's evaluation and the client's start (socket, channels) run as two tasks, not one long one.
      await new Promise((r) => setTimeout(r));
      const rt = new Client(realtimeUrl(SUPABASE_URL), { params: { apikey: SUPABASE_KEY }, accessToken });
      // A channel joins with the token known when it subscribes: read it before the first channel exists.
      await rt.setAuth();
      let lastToken: string | undefined;
      supabase.auth.onAuthStateChange((event, session) => {
        if ((event === 'TOKEN_REFRESHED' || event === 'SIGNED_IN') && session?.access_token !== lastToken) {
          lastToken = session?.access_token;
          // No argument: realtime-js reads the token through `accessToken` now and on every heartbeat.
          void rt.setAuth().catch(() => undefined);
        } else if (event === 'SIGNED_OUT') {
          lastToken = undefined;
          void rt.removeAllChannels();
        }
      });
      return rt;
    })
    .catch((e: unknown) => {
      // A failed load (offline) is forgotten, so the next screen that asks tries again.
      client = null;
      throw e;
    });
  return client;
}

let channelCount = 0;
/** A topic of its own for every channel a page opens (two parts of a screen may watch the same table). */
const uniqueTopic = (name: string) => `${name}:${++channelCount}:${Math.random().toString(36).slice(2, 8)}`;

/** Opens `topic` once the Realtime client has loaded; `stop()` before that opens nothing. */
function openChannel(
  make: (rt: RealtimeClient) => RealtimeChannel,
  onError?: (e: unknown) => void,
): { channel: Promise<RealtimeChannel | null>; stop: () => void } {
  let stopped = false;
  const channel = realtime().then(
    (rt) => (stopped ? null : make(rt)),
    (e: unknown) => {
      onError?.(e);
      return null;
    },
  );
  const stop = () => {
    stopped = true;
    void channel.then((c) => c && realtime().then((rt) => rt.removeChannel(c)));
  };
  return { channel, stop };
}

/**
 * Watches row changes of `bindings` (each checked by Realtime against the user's row-level security) and calls
 * `watch.onChange` for each; returns the function that stops watching. `name` only labels the channel.
 */
export function watchTables(name: string, bindings: readonly LiveBinding[], watch: LiveWatch): () => void {
  const { stop } = openChannel((rt) => {
    const channel = rt.channel(uniqueTopic(`live:${name}`));
    for (const b of bindings) {
      channel.on(
        'postgres_changes',
        { event: b.event ?? '*', schema: 'public', table: b.table, ...(b.filter ? { filter: b.filter } : {}) } as never,
        (payload: { eventType: LiveEvent; new: Record<string, unknown>; old: Record<string, unknown> }) => {
          const row = payload.new && Object.keys(payload.new).length > 0 ? payload.new : null;
          const old = payload.old && Object.keys(payload.old).length > 0 ? payload.old : null;
          watch.onChange({ table: b.table, event: payload.eventType, row: payload.eventType === 'DELETE' ? null : row, old });
        },
      );
    }
    // The server says it listens with a `system` message, on the first join and on every rejoin.
    channel.on('system', {}, (msg: { extension?: string; status?: string }) => {
      if (msg.extension === 'postgres_changes' && msg.status === 'ok') watch.onListening?.();
    });
    channel.subscribe();
    return channel;
  });
  return stop;
}

/** One person on a presence channel: the key is the user's id; several tabs of one user count once. */
export interface PresencePeer {
  key: string;
  name: string;
  typing: boolean;
}

export interface PresenceHandle {
  /** Says whether this user is typing (sent only when it changes). */
  setTyping: (typing: boolean) => void;
  leave: () => void;
}

/** Who is on a presence channel besides `me`, typing if any of their tabs is, sorted by name. */
export function presencePeers(state: Record<string, { name?: unknown; typing?: unknown }[]>, me: string): PresencePeer[] {
  return Object.entries(state)
    .filter(([key, metas]) => key !== me && metas.length > 0)
    .map(([key, metas]) => ({
      key,
      name: metas.map((m) => (typeof m.name === 'string' ? m.name.trim() : '')).find(Boolean) ?? 'Alguém da equipe',
      typing: metas.some((m) => m.typing === true),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.key.localeCompare(b.key));
}

/**
 * realtime-js 2.109 builds its presence `join`/`leave` event payloads by renaming `phx_ref` on the meta objects of the
 * live presence state itself, so a later leave no longer matches them: after a re-track (typing on, typing off) the
 * old metas stay, and a person who left stays listed. Those events are not used here (only `sync`), so their
 * callbacks on the channel's Phoenix presence are replaced by ones that touch nothing. Versions that copy the metas
 * first need node 22 (engines); with a different internal shape this does nothing.
 */
export function keepPresenceRefs(channel: RealtimeChannel): void {
  type PhoenixPresence = { onJoin?: (cb: () => void) => void; onLeave?: (cb: () => void) => void };
  const phoenix = (channel as unknown as { presence?: { presenceAdapter?: { presence?: PhoenixPresence } } }).presence?.presenceAdapter
    ?.presence;
  if (typeof phoenix?.onJoin !== 'function' || typeof phoenix.onLeave !== 'function') return;
  phoenix.onJoin(() => undefined);
  phoenix.onLeave(() => undefined);
}

/**
 * Joins the private presence channel `topic` (who may join, see and announce is the project's Realtime
 * Authorization policies) as `me` (key: the user's id; payload: the display name and whether they type) and
 * calls `onPeers` with everyone else on it whenever that changes. Realtime Presence: nothing is stored.
 */
export function joinPresence(topic: string, me: { key: string; name: string }, onPeers: (peers: PresencePeer[]) => void): PresenceHandle {
  let typing = false;
  let joined: RealtimeChannel | null = null;
  const track = () => void joined?.track({ name: me.name, typing }).catch(() => undefined);
  const { stop } = openChannel((rt) => {
    const channel = rt.channel(topic, { config: { private: true, presence: { key: me.key } } });
    keepPresenceRefs(channel);
    channel.on('presence', { event: 'sync' }, () => {
      onPeers(presencePeers(channel.presenceState() as Record<string, { name?: unknown; typing?: unknown }[]>, me.key));
    });
    channel.subscribe((status) => {
      if (status !== 'SUBSCRIBED') return;
      joined = channel;
      track();
    });
    return channel;
  });
  return {
    setTyping(next) {
      if (next === typing) return;
      typing = next;
      track();
    },
    leave() {
      joined = null;
      stop();
    },
  };
}
