// The support desk's presence as the browser keeps it (src/lib/data/live.ts) through the unmodified realtime-js of
// supabase-js: a person who re-tracks (typing on, typing off) is one entry with the latest state, a person who
// leaves is gone for the others, and the channel is private to the staff (the project's Realtime Authorization). Against an in-memory local Supabase.
import type { SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPresenceRefs, presencePeers } from '../../src/lib/data/live';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';
import { Recorder, signedInLiveClient, subscribed } from './realtime-support.ts';

let sb: TestBackend;
let ana: TestUser;
let bruno: TestUser;
let cliente: TestUser;
const clients: SupabaseClient[] = [];

beforeAll(async () => {
  sb = await startTestBackend();
  ana = await sb.createConfirmedUser({ name: 'Ana Equipe', appMetadata: { role: 'admin' } });
  bruno = await sb.createConfirmedUser({ name: 'Bruno Equipe', appMetadata: { role: 'admin' } });
  cliente = await sb.createConfirmedUser({ name: 'Carla Cliente' });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  await sb?.stop();
});

async function staffClient(user: TestUser) {
  const c = await signedInLiveClient(sb.url, sb.publishableKey, user.email, user.password);
  clients.push(c);
  return c;
}

type State = Record<string, { name?: unknown; typing?: unknown }[]>;

describe('presença da equipe num ticket', () => {
  it('quem volta a publicar (escrevendo, depois não) aparece uma vez com o estado mais novo, e quem sai some', async () => {
    const topic = `support-ticket:${randomUUID()}`;
    const a = await staffClient(ana);
    const b = await staffClient(bruno);
    const chA = a.channel(topic, { config: { private: true, presence: { key: ana.id } } });
    keepPresenceRefs(chA);
    const seen = new Recorder<ReturnType<typeof presencePeers>>();
    chA.on('presence', { event: 'sync' }, () => seen.push(presencePeers(chA.presenceState() as State, ana.id)));
    await subscribed(chA, false);
    await chA.track({ name: 'Ana Equipe', typing: false });

    const chB = b.channel(topic, { config: { private: true, presence: { key: bruno.id } } });
    keepPresenceRefs(chB);
    await subscribed(chB, false);
    seen.clear();
    await chB.track({ name: 'Bruno Equipe', typing: false });
    await seen.next((p) => p.length === 1 && !p[0]!.typing);
    seen.clear();
    await chB.track({ name: 'Bruno Equipe', typing: true });
    expect(await seen.next((p) => p[0]?.typing === true)).toEqual([{ key: bruno.id, name: 'Bruno Equipe', typing: true }]);
    seen.clear();
    await chB.track({ name: 'Bruno Equipe', typing: false });
    expect(await seen.next((p) => p[0]?.typing === false)).toEqual([{ key: bruno.id, name: 'Bruno Equipe', typing: false }]);
    expect(chA.presenceState()[bruno.id]).toHaveLength(1);

    seen.clear();
    await b.removeChannel(chB);
    expect(await seen.next((p) => p.length === 0)).toEqual([]);
    expect(chA.presenceState()[bruno.id]).toBeUndefined();
  });

  it('o canal de um ticket é privado: um cliente não entra, e o canal público de mesmo nome não vê a equipe', async () => {
    const topic = `support-ticket:${randomUUID()}`;
    const a = await staffClient(ana);
    const chA = a.channel(topic, { config: { private: true, presence: { key: ana.id } } });
    await subscribed(chA, false);
    expect(await chA.track({ name: 'Ana Equipe', typing: true })).toBe('ok');

    const c = await staffClient(cliente);
    const refused = c.channel(topic, { config: { private: true, presence: { key: cliente.id } } });
    await expect(subscribed(refused, false)).rejects.toThrow(`Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`);
    await c.removeChannel(refused);

    const open = c.channel(topic, { config: { presence: { key: cliente.id } } });
    const seen = new Recorder<State>();
    open.on('presence', { event: 'sync' }, () => seen.push(open.presenceState() as State));
    await subscribed(open, false);
    expect(await open.track({ name: 'Ana Equipe', typing: false })).toBe('ok');
    await seen.next((st) => cliente.id in st);
    expect(Object.keys(seen.items.at(-1)!)).toEqual([cliente.id]);
    expect(chA.presenceState()[cliente.id]).toBeUndefined();
  });
});
