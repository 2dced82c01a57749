// Channels by topic, for broadcast and presence: who is in a topic, and the presence_state / presence_diff they get.
import type { Channel } from './channel.ts';

type Metas = Record<string, { metas: Record<string, unknown>[] }>;
type Reply = (status: 'ok' | 'error', response: Record<string, unknown>) => void;

/** Public channels see all presence; a private one only where its policies let the subscriber read presence. */
const canSeePresence = (ch: Channel) => !ch.policies || ch.policies.presenceRead;

let refCounter = 0;
const newRef = () => `${Date.now().toString(36)}${(++refCounter).toString(36)}`;

export class Topics {
  private readonly byTopic = new Map<string, Set<Channel>>();

  constructor(private readonly push: (ch: Channel, event: string, payload: unknown) => void) {}

  add(ch: Channel): void {
    if (!this.byTopic.has(ch.room)) this.byTopic.set(ch.room, new Set());
    this.byTopic.get(ch.room)!.add(ch);
  }

  /** Takes a channel out of its topic; its tracked presence leaves. */
  remove(ch: Channel): void {
    const set = this.byTopic.get(ch.room);
    set?.delete(ch);
    if (set && set.size === 0) this.byTopic.delete(ch.room);
    if (ch.presenceMeta) {
      const left = ch.presenceMeta;
      ch.presenceMeta = null;
      this.diff(ch.room, ch.presenceKey, [], [left]);
    }
  }

  members(room: string): Iterable<Channel> {
    return this.byTopic.get(room) ?? [];
  }

  clear(): void {
    this.byTopic.clear();
  }

  state(room: string): Metas {
    const state: Metas = {};
    for (const ch of this.members(room)) {
      if (!ch.presenceMeta) continue;
      (state[ch.presenceKey] ??= { metas: [] }).metas.push(ch.presenceMeta);
    }
    return state;
  }

  diff(room: string, key: string, joins: Record<string, unknown>[], leaves: Record<string, unknown>[]): void {
    const payload = {
      joins: joins.length ? { [key]: { metas: joins } } : {},
      leaves: leaves.length ? { [key]: { metas: leaves } } : {},
    };
    for (const ch of this.members(room)) if (ch.presenceEnabled && !ch.closed && canSeePresence(ch)) this.push(ch, 'presence_diff', payload);
  }

  /** Sends a channel everyone present in its room, where it may see presence. */
  sync(ch: Channel): void {
    if (canSeePresence(ch)) this.push(ch, 'presence_state', this.state(ch.room));
  }

  /** A channel's `presence` event: track (its meta joins, replacing the one it had) or untrack. */
  handle(ch: Channel, p: Record<string, unknown>, reply: Reply): void {
    if (p.event === 'track') {
      const body = p.payload;
      if (!body || typeof body !== 'object' || Array.isArray(body)) return reply('error', { reason: 'Presence track payload must be a map' });
      // A private channel tracks only where its policies let the subscriber write presence (Realtime answers a bare error).
      if (ch.policies && !ch.policies.presenceWrite) return reply('error', {});
      if (!ch.presenceEnabled) {
        ch.presenceEnabled = true;
        this.sync(ch);
      }
      const before = ch.presenceMeta;
      const meta: Record<string, unknown> = { ...(body as Record<string, unknown>), phx_ref: newRef() };
      if (before) meta.phx_ref_prev = before.phx_ref;
      ch.presenceMeta = meta;
      reply('ok', {});
      this.diff(ch.room, ch.presenceKey, [meta], before ? [before] : []);
      return;
    }
    if (p.event === 'untrack') {
      const before = ch.presenceMeta;
      ch.presenceMeta = null;
      reply('ok', {});
      if (before) this.diff(ch.room, ch.presenceKey, [], [before]);
      return;
    }
    reply('error', { reason: 'Presence event must be track or untrack' });
  }
}
