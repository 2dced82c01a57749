// The inline script that holds a signed-in page's islands until the first contentful paint, run in a sandbox whose
// browser pieces (paint timing, frames, timers, visibility) the test drives by hand.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ISLANDS_AFTER_PAINT_SCRIPT, islandsAfterPaintScript } from '../../src/lib/public/first-paint';

interface Sandbox {
  self: Record<string, unknown> & { Astro?: Record<string, unknown> };
  paint(): void;
  frame(): void;
  timers: Array<{ ms: number; f: () => void }>;
}

function sandbox(opts: { painted?: boolean; hidden?: boolean; paintTiming?: boolean; script?: string } = {}): Sandbox {
  const observers: Array<(list: { getEntriesByName(n: string): unknown[] }, obs: { disconnect(): void }) => void> = [];
  const frames: Array<() => void> = [];
  const timers: Sandbox['timers'] = [];
  let painted = opts.painted ?? false;
  const entries = (name: string) => (name === 'first-contentful-paint' && painted ? [{ name }] : []);
  class PerformanceObserver {
    static supportedEntryTypes = opts.paintTiming === false ? ['resource'] : ['paint', 'resource'];
    constructor(private readonly cb: (typeof observers)[number]) {}
    observe() {
      observers.push(this.cb);
    }
  }
  const self: Sandbox['self'] = {};
  Object.assign(self, {
    self,
    document: { visibilityState: opts.hidden ? 'hidden' : 'visible' },
    performance: { getEntriesByName: entries },
    PerformanceObserver,
    requestAnimationFrame: (f: () => void) => frames.push(f),
    setTimeout: (f: () => void, ms: number) => timers.push({ ms, f }),
  });
  runInNewContext(opts.script ?? ISLANDS_AFTER_PAINT_SCRIPT, self);
  return {
    self,
    timers,
    paint() {
      painted = true;
      for (const cb of observers.splice(0)) cb({ getEntriesByName: entries }, { disconnect() {} });
    },
    frame() {
      for (const f of frames.splice(0)) f();
      for (const t of timers.filter((t) => t.ms === 0)) t.f();
    },
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

/** Registers `name` as Astro's directive script does and starts one island through it; returns what it saw. */
function startIsland(s: Sandbox, name: string) {
  const calls: unknown[][] = [];
  (s.self.Astro ??= {})[name] = async (...args: unknown[]) => void calls.push(args);
  (s.self.Astro[name] as (...a: unknown[]) => Promise<void>)('load', { name: 'Screen' }, 'el');
  return calls;
}

describe('ilhas depois da primeira pintura', () => {
  it('uma ilha client:only só começa depois da primeira pintura com conteúdo e do quadro seguinte', async () => {
    const s = sandbox();
    const calls = startIsland(s, 'only');
    await flush();
    expect(calls).toEqual([]);
    s.paint();
    await flush();
    expect(calls, 'a pintura é reportada; espera o quadro seguinte').toEqual([]);
    s.frame();
    await flush();
    expect(calls).toEqual([['load', { name: 'Screen' }, 'el']]);
  });

  it('a casca (client:load) também espera a pintura', async () => {
    const s = sandbox();
    const calls = startIsland(s, 'load');
    await flush();
    expect(calls).toEqual([]);
    s.paint();
    s.frame();
    await flush();
    expect(calls).toHaveLength(1);
  });

  it('com a pintura já feita, a ilha começa logo', async () => {
    const s = sandbox({ painted: true });
    const calls = startIsland(s, 'only');
    await flush();
    expect(calls).toHaveLength(1);
  });

  it('numa aba oculta (que não pinta) a ilha começa logo', async () => {
    const s = sandbox({ hidden: true });
    const calls = startIsland(s, 'only');
    await flush();
    expect(calls).toHaveLength(1);
  });

  it('sem pintura reportada, a ilha começa depois de 3 s', async () => {
    const s = sandbox();
    const calls = startIsland(s, 'only');
    const limit = s.timers.find((t) => t.ms === 3000);
    expect(limit).toBeDefined();
    limit!.f();
    await flush();
    expect(calls).toHaveLength(1);
  });

  it('num navegador sem tempos de pintura, a ilha começa no quadro seguinte', async () => {
    const s = sandbox({ paintTiming: false });
    const calls = startIsland(s, 'only');
    await flush();
    expect(calls).toEqual([]);
    s.frame();
    await flush();
    expect(calls).toHaveLength(1);
  });

  it('as outras diretivas (idle, visible) não são seguradas', async () => {
    const s = sandbox();
    const calls = startIsland(s, 'visible');
    await flush();
    expect(calls).toHaveLength(1);
  });

  it('o que a diretiva devolve chega a quem iniciou a ilha, depois da pintura', async () => {
    const s = sandbox({ painted: true });
    (s.self.Astro ??= {}).only = async (load: () => Promise<string>) => `hidratada com ${await load()}`;
    const started = (s.self.Astro.only as (l: () => Promise<string>) => Promise<string>)(async () => 'React');
    await expect(started).resolves.toBe('hidratada com React');
  });

  it('com uma condição a mais (gate), a ilha espera a pintura e a condição', async () => {
    const s = sandbox({ painted: true, script: islandsAfterPaintScript('new Promise(r=>{self.open=r})') });
    const calls = startIsland(s, 'only');
    await flush();
    expect(calls, 'pintada, mas a condição ainda não').toEqual([]);
    (s.self.open as () => void)();
    await flush();
    expect(calls).toHaveLength(1);
  });
});
