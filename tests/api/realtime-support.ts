// Shared by the Realtime API tests: supabase-js clients with a websocket (Node 20 has none built in, so realtime-js
// gets the `ws` package as its transport) and a recorder of what a channel receives.
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';

export const realtimeClientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
};

export function liveClient(url: string, key: string, realtime: Record<string, unknown> = {}): SupabaseClient {
  return createClient(url, key, { ...realtimeClientOptions, realtime: { ...realtimeClientOptions.realtime, ...realtime } });
}

export async function signedInLiveClient(url: string, anonKey: string, email: string, password: string, realtime: Record<string, unknown> = {}) {
  const client = liveClient(url, anonKey, realtime);
  const { error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return client;
}

/** Subscribes and resolves on SUBSCRIBED (and, with postgres_changes, once the server said it listens). */
export function subscribed(channel: RealtimeChannel, withChanges = true): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    let joined = false;
    let listening = !withChanges;
    const done = () => joined && listening && resolve(channel);
    if (withChanges) {
      channel.on('system', {}, (msg: { extension?: string; status?: string; message?: string }) => {
        if (msg.extension !== 'postgres_changes') return;
        if (msg.status === 'ok') {
          listening = true;
          done();
        } else reject(new Error(`postgres_changes: ${msg.message}`));
      });
    }
    channel.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') {
        joined = true;
        done();
      } else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') reject(err ?? new Error(status));
    });
  });
}

/** Collects payloads pushed to a callback; `next` waits for the first one (after `from`) that passes `match`. */
export class Recorder<T = Record<string, unknown>> {
  items: T[] = [];
  /** Date.now() when each item arrived. */
  receivedAt: number[] = [];
  private waiters: { match: (x: T) => boolean; resolve: (x: T) => void }[] = [];
  readonly push = (x: T) => {
    this.items.push(x);
    this.receivedAt.push(Date.now());
    this.waiters = this.waiters.filter((w) => {
      if (!w.match(x)) return true;
      w.resolve(x);
      return false;
    });
  };
  next(match: (x: T) => boolean = () => true, timeoutMs = 1000): Promise<T> {
    const found = this.items.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`nothing matching within ${timeoutMs} ms; got ${JSON.stringify(this.items)}`)), timeoutMs);
      this.waiters.push({ match, resolve: (x) => (clearTimeout(timer), resolve(x)) });
    });
  }
  clear() {
    this.items = [];
    this.receivedAt = [];
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
