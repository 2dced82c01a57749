// /realtime/v1 through supabase-js `channel()`, with the unmodified realtime-js: postgres_changes under each
// subscriber's row-level security and column privileges, filters, broadcast, presence, token expiry, sign-out and a
// deleted user, and what a join is refused with. Against an in-memory local Supabase with the project's migrations.
import type { RealtimeChannel, SupabaseClient } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestBackend, type TestBackend, type TestUser } from './helpers.ts';
import { Recorder, liveClient, signedInLiveClient, sleep, subscribed } from './realtime-support.ts';

let sb: TestBackend;
let userA: TestUser;
let userB: TestUser;
let staff: TestUser;
const clients: SupabaseClient[] = [];

type Change = { eventType: string; commit_timestamp: string; table: string; new: Record<string, unknown>; old: Record<string, unknown>; errors: unknown };

const signedIn = new Map<string, SupabaseClient>();
/** The user's signed-in client (one per user, shared by the tests; each test uses channels of its own). */
async function live(user: TestUser): Promise<SupabaseClient> {
  const known = signedIn.get(user.id);
  if (known) return known;
  const c = await signedInLiveClient(sb.url, sb.publishableKey, user.email, user.password);
  clients.push(c);
  signedIn.set(user.id, c);
  return c;
}

/** A channel on `table` recording every change it gets. */
async function watch(client: SupabaseClient, table: string, opts: { event?: '*' | 'INSERT' | 'UPDATE' | 'DELETE'; filter?: string } = {}) {
  const rec = new Recorder<Change>();
  const channel = client
    .channel(`t-${randomUUID()}`)
    .on('postgres_changes', { event: opts.event ?? '*', schema: 'public', table, ...(opts.filter ? { filter: opts.filter } : {}) } as never, (p: Change) => rec.push(p));
  await subscribed(channel);
  return { rec, channel };
}

beforeAll(async () => {
  sb = await startTestBackend();
  userA = await sb.createConfirmedUser({ name: 'Ana Ao Vivo' });
  userB = await sb.createConfirmedUser({ name: 'Bruno Ao Vivo' });
  staff = await sb.createConfirmedUser({ name: 'Diana Equipe', appMetadata: { role: 'admin' } });
  // A table of the test's own: every row belongs to its author; `secret` is never selectable by the API roles.
  await sb.pg.exec(`
    create table public.rt_notes (
      id bigint generated always as identity primary key,
      owner uuid not null default auth.uid(),
      body text not null,
      secret text,
      n int,
      created_at timestamptz not null default now()
    );
    alter table public.rt_notes enable row level security;
    revoke all on public.rt_notes from anon, authenticated;
    grant select (id, owner, body, n, created_at), insert (body, secret, n), update (body, n), delete on public.rt_notes to authenticated;
    create policy rt_notes_own on public.rt_notes for all to authenticated
      using (owner = auth.uid() or public.is_admin()) with check (owner = auth.uid());
    alter publication supabase_realtime add table public.rt_notes;
  `);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  await sb?.stop();
});

describe('postgres_changes', () => {
  it('delivers an own INSERT, UPDATE and DELETE within one second, without the column the role cannot select', async () => {
    const a = await live(userA);
    const { rec } = await watch(a, 'rt_notes');
    // return=minimal: the REST insert's representation would need `secret` too.
    expect((await a.from('rt_notes').insert({ body: 'primeira', secret: 'não mostrar', n: 1 })).error).toBeNull();
    const ins = await rec.next((c) => c.eventType === 'INSERT');
    const { data } = await a.from('rt_notes').select('id').eq('body', 'primeira').single();
    expect(ins.new).toMatchObject({ id: data!.id, body: 'primeira', n: 1, owner: userA.id });
    expect(ins.new).not.toHaveProperty('secret');
    expect(typeof ins.new.id).toBe('number');

    await a.from('rt_notes').update({ body: 'editada' }).eq('id', data!.id);
    const upd = await rec.next((c) => c.eventType === 'UPDATE');
    expect(upd.new).toMatchObject({ id: data!.id, body: 'editada' });
    expect(upd.new).not.toHaveProperty('secret');
    expect(upd.old).toEqual({ id: data!.id });

    await a.from('rt_notes').delete().eq('id', data!.id);
    const del = await rec.next((c) => c.eventType === 'DELETE');
    expect(del.old).toEqual({ id: data!.id });
    // From each commit (the change's commit_timestamp) to the subscriber's callback: the median of the three is under
    // one second (a single sample can exceed it on a machine busy with other work).
    const latencies = rec.items.map((c, i) => rec.receivedAt[i]! - Date.parse(c.commit_timestamp)).sort((x, y) => x - y);
    expect(latencies).toHaveLength(3);
    expect(latencies[1]).toBeLessThan(1000);
  });

  it('gives two clients on the same table only their own rows, and an admin both', async () => {
    const a = await live(userA);
    const b = await live(userB);
    const admin = await live(staff);
    const [wa, wb, wadmin] = await Promise.all([watch(a, 'support_tickets'), watch(b, 'support_tickets'), watch(admin, 'support_tickets')]);
    const idA = randomUUID();
    const idB = randomUUID();
    expect((await a.from('support_tickets').insert({ id: idA, subject: 'Ticket da Ana', message_content: 'Olá' })).error).toBeNull();
    expect((await b.from('support_tickets').insert({ id: idB, subject: 'Ticket do Bruno', message_content: 'Oi' })).error).toBeNull();
    await wadmin.rec.next((c) => c.new.id === idA);
    await wadmin.rec.next((c) => c.new.id === idB);
    await wa.rec.next((c) => c.new.id === idA);
    await wb.rec.next((c) => c.new.id === idB);
    await sleep(200);
    expect(wa.rec.items.map((c) => c.new.id)).toEqual([idA]);
    expect(wb.rec.items.map((c) => c.new.id)).toEqual([idB]);
  });

  it('never delivers an internal note to the client, while the staff get it', async () => {
    const a = await live(userA);
    const admin = await live(staff);
    const ticketId = randomUUID();
    await a.from('support_tickets').insert({ id: ticketId, subject: 'Com nota interna', message_content: 'Olá' });
    const [wa, wadmin] = await Promise.all([
      watch(a, 'ticket_messages', { filter: `ticket_id=eq.${ticketId}` }),
      watch(admin, 'ticket_messages', { filter: `ticket_id=eq.${ticketId}` }),
    ]);
    const note = await admin.from('ticket_messages').insert({ ticket_id: ticketId, body: 'cliente difícil', internal: true, author_id: staff.id });
    expect(note.error).toBeNull();
    const replyRes = await admin.from('ticket_messages').insert({ ticket_id: ticketId, body: 'Resposta pública', author_id: staff.id });
    expect(replyRes.error).toBeNull();
    await wadmin.rec.next((c) => c.new.body === 'cliente difícil');
    await wa.rec.next((c) => c.new.body === 'Resposta pública');
    await sleep(200);
    expect(wa.rec.items.map((c) => c.new.body)).toEqual(['Resposta pública']);
  });

  it('stops showing a row to a client once an update takes it out of their sight', async () => {
    const a = await live(userA);
    const { rec } = await watch(a, 'rt_notes', { event: 'UPDATE' });
    const { rows } = await sb.pg.query<{ id: number }>(`insert into public.rt_notes (owner, body) values ($1, 'vai mudar de dono') returning id`, [userA.id]);
    const data = rows[0];
    await sb.pg.query(`update public.rt_notes set owner = $1, body = 'agora do Bruno' where id = $2`, [userB.id, data!.id]);
    await sb.pg.query(`update public.rt_notes set body = 'ainda do Bruno' where id = $1`, [data!.id]);
    await sleep(300);
    expect(rec.items).toEqual([]);
  });

  it('applies each filter operator to the new row', async () => {
    const a = await live(userA);
    const cases: [string, number[]][] = [
      ['n=eq.5', [5]],
      ['n=neq.5', [3, 7]],
      ['n=lt.5', [3]],
      ['n=lte.5', [3, 5]],
      ['n=gt.5', [7]],
      ['n=gte.5', [5, 7]],
      ['n=in.(3,7)', [3, 7]],
    ];
    const watchers = await Promise.all(cases.map(([filter]) => watch(a, 'rt_notes', { event: 'INSERT', filter })));
    for (const n of [3, 5, 7]) expect((await a.from('rt_notes').insert({ body: `filtro ${n}`, n })).error).toBeNull();
    await watchers[0]!.rec.next((c) => c.new.n === 5);
    await Promise.all(watchers.map((w, i) => w.rec.next((c) => c.new.n === cases[i]![1].at(-1))));
    await sleep(200);
    cases.forEach(([filter, expected], i) => {
      expect(watchers[i]!.rec.items.map((c) => c.new.n), filter).toEqual(expected);
    });
  });

  it('echoes the bindings with ids and refuses a malformed filter with a system error', async () => {
    const a = await live(userA);
    const channel = a.channel(`bad-${randomUUID()}`).on('postgres_changes' as never, { event: '*', schema: 'public', table: 'rt_notes', filter: 'n=like.5' } as never, () => {});
    await expect(subscribed(channel)).rejects.toThrow(/Error parsing `filter` params: n=like\.5/);
    const unknown = a.channel(`bad-${randomUUID()}`).on('postgres_changes' as never, { event: '*', schema: 'public', table: 'nao_existe' } as never, () => {});
    await expect(subscribed(unknown)).rejects.toThrow(/Unable to subscribe to changes with given parameters/);
  });

  it('delivers nothing from a table outside the publication', async () => {
    const admin = await live(staff);
    const { rec } = await watch(admin, 'tasks');
    await sb.pg.query(`update public.tasks set title = title where true`);
    await sleep(300);
    expect(rec.items).toEqual([]);
  });
});

describe('broadcast and presence', () => {
  it('broadcasts to the others on the channel, to the sender only with self, and acknowledges with ack', async () => {
    const a = await live(userA);
    const b = await live(userB);
    const topic = `sala-${randomUUID()}`;
    const recA = new Recorder<{ event: string; payload: unknown }>();
    const recB = new Recorder<{ event: string; payload: unknown }>();
    const chA = a.channel(topic, { config: { broadcast: { self: true, ack: true } } }).on('broadcast', { event: 'digitando' }, (m) => recA.push(m as never));
    const chB = b.channel(topic).on('broadcast', { event: 'digitando' }, (m) => recB.push(m as never));
    await Promise.all([subscribed(chA, false), subscribed(chB, false)]);
    expect(await chA.send({ type: 'broadcast', event: 'digitando', payload: { nome: 'Ana' } })).toBe('ok');
    expect((await recB.next()).payload).toEqual({ nome: 'Ana' });
    expect((await recA.next()).payload).toEqual({ nome: 'Ana' });
    await chB.send({ type: 'broadcast', event: 'digitando', payload: { nome: 'Bruno' } });
    await recA.next((m) => (m.payload as { nome: string }).nome === 'Bruno');
    await sleep(200);
    expect(recB.items.map((m) => (m.payload as { nome: string }).nome)).toEqual(['Ana']);
  });

  it('reports who joins and leaves with presence_state and presence_diff', async () => {
    const a = await live(userA);
    const b = await live(userB);
    const topic = `ticket-${randomUUID()}`;
    const chA = a.channel(topic, { config: { presence: { key: userA.id } } });
    const joins = new Recorder<{ key: string; newPresences: Record<string, unknown>[] }>();
    const leaves = new Recorder<{ key: string; leftPresences: Record<string, unknown>[] }>();
    chA.on('presence', { event: 'join' }, (p) => joins.push(p as never)).on('presence', { event: 'leave' }, (p) => leaves.push(p as never));
    await subscribed(chA, false);
    expect(await chA.track({ nome: 'Ana', digitando: false })).toBe('ok');
    await joins.next((j) => j.key === userA.id);

    const chB = b.channel(topic, { config: { presence: { key: userB.id } } });
    const syncedB = new Recorder<Record<string, unknown>>();
    chB.on('presence', { event: 'sync' }, () => syncedB.push(chB.presenceState()));
    await subscribed(chB, false);
    // B sees A from the initial presence_state.
    const stateB = await syncedB.next((s) => userA.id in s);
    expect((stateB[userA.id] as { nome: string }[])[0]).toMatchObject({ nome: 'Ana', digitando: false });

    await chB.track({ nome: 'Bruno', digitando: true });
    const jb = await joins.next((j) => j.key === userB.id);
    expect(jb.newPresences[0]).toMatchObject({ nome: 'Bruno', digitando: true });
    expect(chA.presenceState()[userB.id]).toHaveLength(1);

    await chB.untrack();
    const lb = await leaves.next((l) => l.key === userB.id);
    expect(lb.leftPresences[0]).toMatchObject({ nome: 'Bruno' });
    await chB.track({ nome: 'Bruno', digitando: false });
    await joins.next((j) => j.key === userB.id && j.newPresences[0]?.digitando === false);
    await b.removeChannel(chB);
    await leaves.next((l) => l.key === userB.id && l.leftPresences[0]?.digitando === false);
    expect(chA.presenceState()[userB.id]).toBeUndefined();
  });
});

describe('tokens and sessions', () => {
  async function shortLivedToken(user: TestUser, seconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return sb.keys.sign({ sub: user.id, role: 'authenticated', aud: 'authenticated', iat: now, exp: now + seconds, email: user.email });
  }

  it('ends the channel with a system error when the token expires, and delivers nothing after', async () => {
    const c = liveClient(sb.url, sb.publishableKey, { accessToken: undefined });
    clients.push(c);
    c.realtime.setAuth(await shortLivedToken(userA, 2));
    const system = new Recorder<{ extension: string; status: string; message: string }>();
    const changes = new Recorder<Change>();
    const closed = new Recorder<string>();
    const channel = c
      .channel(`exp-${randomUUID()}`)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_notes' }, (p) => changes.push(p as never))
      .on('system', {}, (m) => system.push(m as never));
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((s) => {
        closed.push(s);
        if (s === 'SUBSCRIBED') resolve();
        if (s === 'CHANNEL_ERROR') reject(new Error(s));
      }),
    );
    await sb.pg.query(`insert into public.rt_notes (owner, body) values ($1, 'antes de expirar')`, [userA.id]);
    await changes.next();
    const ended = await system.next((m) => m.extension === 'system', 4000);
    expect(ended).toMatchObject({ status: 'error' });
    expect(ended.message).toMatch(/^Token has expired \d+ seconds ago$/);
    await closed.next((s) => s === 'CLOSED');
    await sb.pg.query(`insert into public.rt_notes (owner, body) values ($1, 'depois de expirar')`, [userA.id]);
    await sleep(300);
    expect(changes.items.map((p) => p.new.body)).toEqual(['antes de expirar']);
  });

  it('refuses to join with an expired token, with Realtime\'s reason', async () => {
    const c = liveClient(sb.url, sb.publishableKey);
    clients.push(c);
    c.realtime.setAuth(await shortLivedToken(userA, -5));
    const channel = c.channel(`old-${randomUUID()}`);
    await expect(subscribed(channel, false)).rejects.toThrow(/InvalidJWTToken: Token has expired \d+ seconds ago/);
    await c.removeAllChannels();
  });

  it('delivers nothing more after sign-out', async () => {
    const user = await sb.createConfirmedUser({ name: 'Saída' });
    const c = await live(user);
    const { rec } = await watch(c, 'rt_notes');
    await sb.pg.query(`insert into public.rt_notes (owner, body) values ($1, 'antes de sair')`, [user.id]);
    await rec.next();
    await c.auth.signOut();
    await sleep(100);
    await sb.pg.query(`insert into public.rt_notes (owner, body) values ($1, 'depois de sair')`, [user.id]);
    await sleep(400);
    expect(rec.items.map((p) => p.new.body)).toEqual(['antes de sair']);
  });

  it('closes the channel of a user deleted meanwhile instead of delivering to them', async () => {
    const user = await sb.createConfirmedUser({ name: 'Apagada' });
    const c = await live(user);
    const { rec, channel } = await watch(c, 'rt_notes');
    const system = new Recorder<{ extension: string; message: string }>();
    channel.on('system', {}, (m) => system.push(m as never));
    // A still-valid token whose session no longer exists: the user is deleted by the admin API.
    expect((await sb.serviceClient().auth.admin.deleteUser(user.id)).error).toBeNull();
    await sb.pg.query(`insert into public.rt_notes (owner, body) values ($1, 'para ninguém')`, [userA.id]);
    const ended = await system.next((m) => m.extension === 'system', 2000);
    expect(ended.message).toMatch(/Session not found/);
    expect(rec.items).toEqual([]);
  });

  describe('private channels (Realtime Authorization)', () => {
    // The test's own policies: `sala:<uuid>` is readable by its owner (the uuid) and by staff; only the owner may
    // broadcast there; presence may be read and written by the owner only.
    beforeAll(async () => {
      await sb.pg.exec(`
        create policy rt_room_read on realtime.messages for select to authenticated
          using (realtime.topic() = 'sala:' || auth.uid() or (public.is_admin() and extension = 'broadcast' and realtime.topic() like 'sala:%'));
        create policy rt_room_write on realtime.messages for insert to authenticated
          with check (realtime.topic() = 'sala:' || auth.uid());
      `);
    });

    it('refuses a join the policies do not let read, with Realtime\'s reason naming the topic', async () => {
      const b = await live(userB);
      const topic = `sala:${userA.id}`;
      const channel = b.channel(topic, { config: { private: true } });
      await expect(subscribed(channel, false)).rejects.toThrow(`Unauthorized: You do not have permissions to read from this Channel topic: ${topic}`);
      await b.removeChannel(channel);
    });

    it('refuses a visitor with only the publishable key, and any topic without a policy', async () => {
      const anon = liveClient(sb.url, sb.publishableKey);
      clients.push(anon);
      const topic = `sala:${userA.id}`;
      const ch = anon.channel(topic, { config: { private: true } });
      await expect(subscribed(ch, false)).rejects.toThrow(/Unauthorized: You do not have permissions to read/);
      const a = await live(userA);
      const other = a.channel(`sem-politica-${randomUUID()}`, { config: { private: true } });
      await expect(subscribed(other, false)).rejects.toThrow(/Unauthorized/);
      await Promise.all([anon.removeChannel(ch), a.removeChannel(other)]);
    });

    it('delivers broadcast only from those who may write, and keeps private and public channels of one name apart', async () => {
      const a = await live(userA);
      const s = await live(staff);
      const b = await live(userB);
      const topic = `sala:${userA.id}`;
      const owner = a.channel(topic, { config: { private: true, broadcast: { self: false, ack: true } } });
      const watcher = s.channel(topic, { config: { private: true, broadcast: { ack: true } } });
      const outsider = b.channel(topic, { config: { broadcast: { ack: true } } }); // public, same name
      const atStaff = new Recorder<{ payload: unknown }>();
      const atOutsider = new Recorder<{ payload: unknown }>();
      watcher.on('broadcast', { event: 'oi' }, (m) => atStaff.push(m as never));
      outsider.on('broadcast', { event: 'oi' }, (m) => atOutsider.push(m as never));
      await Promise.all([subscribed(owner, false), subscribed(watcher, false), subscribed(outsider, false)]);

      expect(await owner.send({ type: 'broadcast', event: 'oi', payload: { de: 'dona' } })).toBe('ok');
      expect((await atStaff.next()).payload).toEqual({ de: 'dona' });
      // Staff may read but not write here: Realtime refuses the message and nobody gets it.
      expect(await watcher.send({ type: 'broadcast', event: 'oi', payload: { de: 'equipe' } })).not.toBe('ok');
      // The public channel of the same name is another room: it hears nothing private, and the private one nothing of it.
      expect(await outsider.send({ type: 'broadcast', event: 'oi', payload: { de: 'publico' } })).toBe('ok');
      await sleep(300);
      expect(atStaff.items.map((m) => m.payload)).toEqual([{ de: 'dona' }]);
      expect(atOutsider.items).toEqual([]);
      await Promise.all([a.removeChannel(owner), s.removeChannel(watcher), b.removeChannel(outsider)]);
    });

    it('lets only those who may write presence track, and shows presence only to those who may read it', async () => {
      const a = await live(userA);
      const s = await live(staff);
      const topic = `sala:${userA.id}`;
      const owner = a.channel(topic, { config: { private: true, presence: { key: 'dona' } } });
      const watcher = s.channel(topic, { config: { private: true, presence: { key: 'equipe' } } });
      const ownerSync = new Recorder<Record<string, unknown>>();
      const watcherSync = new Recorder<Record<string, unknown>>();
      owner.on('presence', { event: 'sync' }, () => ownerSync.push(owner.presenceState()));
      watcher.on('presence', { event: 'sync' }, () => watcherSync.push(watcher.presenceState()));
      await Promise.all([subscribed(owner, false), subscribed(watcher, false)]);

      expect(await watcher.track({ quem: 'equipe' })).not.toBe('ok');
      expect(await owner.track({ quem: 'dona' })).toBe('ok');
      expect(Object.keys(await ownerSync.next((st) => 'dona' in st))).toEqual(['dona']);
      await sleep(300);
      // Staff may read broadcast here (so they joined) but not presence: they are sent no presence at all.
      expect(watcherSync.items).toEqual([]);
      await Promise.all([a.removeChannel(owner), s.removeChannel(watcher)]);
    });
  });

  it('refuses a socket whose apikey is not a valid project key', async () => {
    const ws = new WebSocket(`${sb.url.replace('http', 'ws')}/realtime/v1/websocket?apikey=nao-e-um-jwt&vsn=2.0.0`);
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
      ws.on('error', () => {});
    });
    expect(status).toBe(403);
    ws.terminate();
  });
});

export type { RealtimeChannel };
