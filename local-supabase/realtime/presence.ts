// Channels by topic, for broadcast and presence: who is in a topic, and the presence_state / presence_diff they get.
import type { Channel } from './channel.ts';

type Metas = Record<string, { metas: Record<string, unknown>[] }>;
type Reply = (status: 'ok' | 'error', response: Record<string, unknown>) => void;

let refCounter = 0;
const newRef = () => `${Date.now().toString(36)}${(++refCounter).toString(36)}`;

export class Topics {
  private readonly byTopic = new Map<string, Set<Channel>>();

  constructor(private readonly push: (ch: Channel, event: string, payload: unknown) => void) {}

  add(ch: Channel): void {
    if (!this.byTopic.has(ch.subTopic)) this.byTopic.set(ch.subTopic, new Set());
    this.byTopic.get(ch.subTopic)!.add(ch);
  }

  /** Takes a channel out of its topic; its tracked presence leaves. */
  remove(ch: Channel): void {
    const set = this.byTopic.get(ch.subTopic);
    set?.delete(ch);
    if (set && set.size === 0) this.byTopic.delete(ch.subTopic);
    if (ch.presenceMeta) {
      const left = ch.presenceMeta;
      ch.presenceMeta = null;
      this.diff(ch.subTopic, ch.presenceKey, [], [left]);
    }
  }

  members(subTopic: string): Iterable<Channel> {
    return this.byTopic.get(subTopic) ?? [];
  }

  clear(): void {
    this.byTopic.clear();
  }

  state(subTopic: string): Metas {
    const state: Metas = {};
    for (const ch of this.members(subTopic)) {
      if (!ch.presenceMeta) continue;
      (state[ch.presenceKey] ??= { metas: [] }).metas.push(ch.presenceMeta);
    }
    return state;
  }

  diff(subTopic: string, key: string, joins: Record<string, unknown>[], leaves: Record<string, unknown>[]): void {
    const payload = {
      joins: joins.length ? { [key]: { metas: joins } } : {},
      leaves: leaves.length ? { [key]: { metas: leaves } } : {},
    };
    for (const ch of this.members(subTopic)) if (ch.presenceEnabled && !ch.closed) this.push(ch, 'presence_diff', payload);
  }

  /** A channel's `presence` event: track (its meta joins, replacing the one it had) or untrack. */
  handle(ch: Channel, p: Record<string, unknown>, reply: Reply): void {
    if (p.event === 'track') {
      const body = p.payload;
      if (!body || typeof body !== 'object' || Array.isArray(body)) return reply('error', { reason: 'Presence track payload must be a map' });
      if (!ch.presenceEnabled) {
        ch.presenceEnabled = true;
        this.push(ch, 'presence_state', this.state(ch.subTopic));
      }
      const before = ch.presenceMeta;
      const meta: Record<string, unknown> = { ...(body as Record<string, unknown>), phx_ref: newRef() };
      if (before) meta.phx_ref_prev = before.phx_ref;
      ch.presenceMeta = meta;
      reply('ok', {});
      this.diff(ch.subTopic, ch.presenceKey, [meta], before ? [before] : []);
      return;
    }
    if (p.event === 'untrack') {
      const before = ch.presenceMeta;
      ch.presenceMeta = null;
      reply('ok', {});
      if (before) this.diff(ch.subTopic, ch.presenceKey, [], [before]);
      return;
    }
    reply('error', { reason: 'Presence event must be track or untrack' });
  }
}
