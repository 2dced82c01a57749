// The page's Realtime wiring (src/lib/data/live.ts) against a stand-in for realtime-js: what it subscribes to, with
// which token, what a screen gets, and how presence is reported.
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Handler = (payload: unknown) => void;
class FakeChannel {
  bindings: { type: string; filter: Record<string, unknown>; cb: Handler }[] = [];
  tracked: unknown[] = [];
  state: Record<string, unknown[]> = {};
  subscribed: ((status: string) => void) | null = null;
  constructor(readonly topic: string, readonly params: unknown) {}
  on(type: string, filter: Record<string, unknown>, cb: Handler) {
    this.bindings.push({ type, filter, cb });
    return this;
  }
  subscribe(cb?: (status: string) => void) {
    this.subscribed = cb ?? (() => undefined);
    return this;
  }
  track(payload: unknown) {
    this.tracked.push(payload);
    return Promise.resolve('ok');
  }
  presenceState() {
    return this.state;
  }
  emit(type: string, payload: unknown) {
    for (const b of this.bindings) if (b.type === type) b.cb(payload);
  }
}
const rt = vi.hoisted(() => ({ clients: [] as any[], authListeners: [] as ((e: string, s: unknown) => void)[], token: 'token-1' }));
vi.mock('@supabase/realtime-js', () => ({
  RealtimeClient: class {
    channels: FakeChannel[] = [];
    removed: FakeChannel[] = [];
    setAuthCalls = 0;
    constructor(readonly url: string, readonly options: { params: Record<string, string>; accessToken: () => Promise<string | null> }) {
      rt.clients.push(this);
    }
    channel(topic: string, params?: unknown) {
      const c = new FakeChannel(topic, params);
      this.channels.push(c);
      return c;
    }
    removeChannel(c: FakeChannel) {
      this.removed.push(c);
      return Promise.resolve('ok');
    }
    removeAllChannels() {
      this.removed.push(...this.channels);
      return Promise.resolve([]);
    }
    setAuth() {
      this.setAuthCalls += 1;
      return Promise.resolve();
    }
  },
}));
vi.mock('../../src/lib/data/supabase', () => ({
  whenFirstDataIn: () => Promise.resolve(),
  afterFirstView: () => Promise.resolve(),
  supabase: {
    auth: {
      getSession: () => Promise.resolve({ data: { session: rt.token ? { access_token: rt.token } : null }, error: null }),
      onAuthStateChange: (cb: (e: string, s: unknown) => void) => {
        rt.authListeners.push(cb);
        return { data: { subscription: { unsubscribe: () => undefined } } };
      },
    },
  },
}));
vi.stubGlobal('document', { readyState: 'complete' });

const { watchTables, joinPresence, presencePeers, realtimeUrl } = await import('../../src/lib/data/live');
const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => {
  rt.token = 'token-1';
});

describe('Realtime da página', () => {
  it('o endereço do Realtime é ws(s)://<projeto>/realtime/v1', () => {
    expect(realtimeUrl('https://abc.supabase.co')).toBe('wss://abc.supabase.co/realtime/v1');
    expect(realtimeUrl('http://127.0.0.1:54321/')).toBe('ws://127.0.0.1:54321/realtime/v1');
  });

  it('assina postgres_changes com tabela, evento e filtro, e entrega a mudança com a linha nova e a antiga', async () => {
    const changes: unknown[] = [];
    let listening = 0;
    const stop = watchTables('ticket', [
      { table: 'ticket_messages', filter: 'ticket_id=eq.t1' },
      { table: 'support_tickets', event: 'UPDATE', filter: 'id=eq.t1' },
    ], { onChange: (c) => changes.push(c), onListening: () => (listening += 1) });
    await vi.waitFor(() => expect(rt.clients[0]?.channels.length).toBe(1));
    const client = rt.clients[0];
    const channel: FakeChannel = client.channels.at(-1);
    expect(client.options.params.apikey).toBeDefined();
    // The token is read before the first channel subscribes (its join carries it).
    expect(client.setAuthCalls).toBe(1);
    expect(channel.topic).toMatch(/^live:ticket:/);
    expect(channel.bindings.filter((b) => b.type === 'postgres_changes').map((b) => b.filter)).toEqual([
      { event: '*', schema: 'public', table: 'ticket_messages', filter: 'ticket_id=eq.t1' },
      { event: 'UPDATE', schema: 'public', table: 'support_tickets', filter: 'id=eq.t1' },
    ]);
    expect(channel.subscribed).not.toBeNull();
    // The token realtime-js joins with is the session's.
    expect(await client.options.accessToken()).toBe('token-1');

    channel.emit('system', { extension: 'postgres_changes', status: 'ok' });
    channel.emit('system', { extension: 'postgres_changes', status: 'ok' }); // a rejoin after a reconnection
    expect(listening).toBe(2);

    channel.bindings[0]!.cb({ eventType: 'INSERT', new: { id: 'm1' }, old: {} });
    channel.bindings[0]!.cb({ eventType: 'DELETE', new: {}, old: { id: 'm0' } });
    expect(changes).toEqual([
      { table: 'ticket_messages', event: 'INSERT', row: { id: 'm1' }, old: null },
      { table: 'ticket_messages', event: 'DELETE', row: null, old: { id: 'm0' } },
    ]);

    stop();
    await flush();
    expect(client.removed).toContain(channel);
  });

  it('um cliente Realtime por página; a renovação do token é repassada e sair da conta fecha os canais', async () => {
    watchTables('a', [{ table: 'projects' }], { onChange: () => undefined });
    watchTables('b', [{ table: 'projects' }], { onChange: () => undefined });
    await flush();
    expect(rt.clients).toHaveLength(1);
    const client = rt.clients[0];
    const [a, b] = client.channels.slice(-2);
    expect(a.topic).not.toBe(b.topic);
    const before = client.setAuthCalls;
    rt.token = 'token-2';
    for (const l of rt.authListeners) l('TOKEN_REFRESHED', { access_token: 'token-2' });
    expect(client.setAuthCalls).toBe(before + 1);
    expect(await client.options.accessToken()).toBe('token-2');
    for (const l of rt.authListeners) l('SIGNED_OUT', null);
    expect(client.removed).toEqual(expect.arrayContaining([a, b]));
  });

  it('pedir para parar antes de o Realtime carregar não abre canal nenhum', async () => {
    const count = rt.clients[0].channels.length;
    const stop = watchTables('c', [{ table: 'projects' }], { onChange: () => undefined });
    stop();
    await flush();
    expect(rt.clients[0].channels.length).toBe(count);
  });
});

describe('presença no ticket', () => {
  it('entra com a chave do usuário, publica nome e digitação só quando mudam, e lista os outros', async () => {
    const seen: unknown[] = [];
    const handle = joinPresence('support-ticket:t1', { key: 'me', name: 'Ana' }, (p) => seen.push(p));
    await flush();
    const channel: FakeChannel = rt.clients[0].channels.at(-1);
    expect(channel.topic).toBe('support-ticket:t1');
    expect(channel.params).toEqual({ config: { private: true, presence: { key: 'me' } } });
    channel.subscribed!('SUBSCRIBED');
    expect(channel.tracked).toEqual([{ name: 'Ana', typing: false }]);
    handle.setTyping(true);
    handle.setTyping(true);
    handle.setTyping(false);
    expect(channel.tracked).toEqual([{ name: 'Ana', typing: false }, { name: 'Ana', typing: true }, { name: 'Ana', typing: false }]);

    channel.state = { me: [{ name: 'Ana', typing: false }], u2: [{ name: 'Bruno', typing: true }] };
    channel.emit('presence', {});
    expect(seen.at(-1)).toEqual([{ key: 'u2', name: 'Bruno', typing: true }]);
    handle.leave();
    await flush();
    expect(rt.clients[0].removed).toContain(channel);
  });

  it('várias abas de uma pessoa contam uma vez, escrevendo se alguma escreve; ordem pelo nome', () => {
    expect(
      presencePeers(
        {
          me: [{ name: 'Eu' }],
          z: [{ name: 'Zuleica', typing: false }],
          b: [{ name: 'Bruno', typing: false }, { name: 'Bruno', typing: true }],
          x: [{ name: '  ' }],
          gone: [],
        },
        'me',
      ),
    ).toEqual([
      { key: 'x', name: 'Alguém da equipe', typing: false },
      { key: 'b', name: 'Bruno', typing: true },
      { key: 'z', name: 'Zuleica', typing: false },
    ]);
  });
});
