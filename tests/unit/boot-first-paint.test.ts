// @vitest-environment happy-dom
// Islands after the first paint (src/boot/first-paint.ts), compiled as the build compiles it and run in a DOM whose
// paint timing, frames, timers and visibility the test drives by hand.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootScript } from '../../src/boot/compile';
import { PREPAINT_GATE } from '../../src/boot/prepaint';
import { run as runAfterPaint } from '../../src/boot/after-paint';

const realTimeout = globalThis.setTimeout;
const flush = () => new Promise((r) => realTimeout(r, 0));
type Astro = Record<string, (...a: unknown[]) => Promise<unknown>>;
const astro = () => (self as unknown as { Astro: Astro }).Astro;

function page(opts: { painted?: boolean; hidden?: boolean; paintTiming?: boolean; gate?: typeof PREPAINT_GATE } = {}) {
  const observers: Array<(list: PerformanceObserverEntryList, obs: { disconnect(): void }) => void> = [];
  const frames: Array<() => void> = [];
  const timers: Array<{ ms: number; f: () => void }> = [];
  let painted = opts.painted ?? false;
  const entries = { getEntriesByName: (n: string) => (n === 'first-contentful-paint' && painted ? [{ name: n }] : []) };
  vi.stubGlobal('performance', entries);
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = opts.paintTiming === false ? ['resource'] : ['paint', 'resource'];
      constructor(private readonly cb: (typeof observers)[number]) {}
      observe() {
        observers.push(this.cb);
      }
    },
  );
  vi.stubGlobal('requestAnimationFrame', (f: () => void) => frames.push(f));
  vi.stubGlobal('setTimeout', (f: () => void, ms: number) => timers.push({ ms, f }));
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(opts.hidden ? 'hidden' : 'visible');
  new Function(bootScript('first-paint', null, opts.gate))();
  return {
    timers,
    paint() {
      painted = true;
      for (const cb of observers.splice(0)) cb(entries as PerformanceObserverEntryList, { disconnect() {} });
    },
    frame() {
      for (const f of frames.splice(0)) f();
      for (const t of timers.filter((t) => t.ms === 0)) t.f();
    },
  };
}

/** Registers `name` as Astro's directive script does and starts one island through it; returns what it saw. */
function startIsland(name: string) {
  const calls: unknown[][] = [];
  astro()[name] = async (...args: unknown[]) => void calls.push(args);
  void astro()[name]!('load', { name: 'Screen' }, 'el');
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (self as { Astro?: unknown }).Astro;
  delete window.__prepaintSettle;
});

describe('ilhas depois da primeira pintura', () => {
  it('client:only e a casca (client:load) só começam depois da primeira pintura com conteúdo e do quadro seguinte', async () => {
    const p = page();
    const only = startIsland('only');
    const shell = startIsland('load');
    await flush();
    expect([only, shell]).toEqual([[], []]);
    p.paint();
    await flush();
    expect(only, 'a pintura é reportada; espera o quadro seguinte').toEqual([]);
    p.frame();
    await flush();
    expect(only).toEqual([['load', { name: 'Screen' }, 'el']]);
    expect(shell).toHaveLength(1);
  });

  it('com a pintura já feita ou numa aba oculta (que não pinta), a ilha começa logo', async () => {
    for (const opts of [{ painted: true }, { hidden: true }]) {
      page(opts);
      const calls = startIsland('only');
      await flush();
      expect(calls, JSON.stringify(opts)).toHaveLength(1);
      vi.unstubAllGlobals();
    }
  });

  it('sem pintura reportada, começa depois de 3 s; sem tempos de pintura no navegador, no quadro seguinte', async () => {
    const p = page();
    const calls = startIsland('only');
    p.timers.find((t) => t.ms === 3000)!.f();
    await flush();
    expect(calls).toHaveLength(1);
    vi.unstubAllGlobals();
    const q = page({ paintTiming: false });
    const later = startIsland('only');
    await flush();
    expect(later).toEqual([]);
    q.frame();
    await flush();
    expect(later).toHaveLength(1);
  });

  it('as outras diretivas (idle, visible) não são seguradas; o que a diretiva devolve chega a quem iniciou a ilha', async () => {
    page({ painted: true });
    const calls = startIsland('visible');
    await flush();
    expect(calls).toHaveLength(1);
    astro().only = async (load) => `hidratada com ${await (load as () => Promise<string>)()}`;
    await expect(astro().only!(async () => 'React')).resolves.toBe('hidratada com React');
  });

  it('com a pré-pintura da página (PREPAINT_GATE), a ilha espera a pintura e a pré-pintura, ou 3 s', async () => {
    page({ painted: true, gate: PREPAINT_GATE });
    const calls = startIsland('only');
    await flush();
    expect(calls, 'pintada, mas a pré-pintura ainda não acabou').toEqual([]);
    window.__prepaintSettle!();
    await flush();
    expect(calls).toHaveLength(1);
    vi.unstubAllGlobals();
    const q = page({ painted: true, gate: PREPAINT_GATE });
    const late = startIsland('only');
    q.timers.find((t) => t.ms === 3000)!.f();
    await flush();
    expect(late).toHaveLength(1);
  });
});

// The loader runs as the module itself here: a script run by new Function has no dynamic import in the test's sandbox.
describe('o carregador das páginas públicas (after-paint)', () => {
  it('depois da pintura carrega os módulos listados, na ordem, e libera os eventos; um módulo que falha os descarta', async () => {
    const ready = vi.fn();
    for (const [urls, ok] of [
      ['data:text/javascript,globalThis.loaded=[1] data:text/javascript,globalThis.loaded.push(2)', true],
      ['data:text/javascript,globalThis.loaded=[3] /_astro/nao-existe.js', false],
    ] as const) {
      ready.mockClear();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      document.body.innerHTML = `<script type="module" data-after-paint="${urls}"></script>`;
      window.__pageReady = ready;
      const p = page();
      runAfterPaint();
      await flush();
      expect(ready).not.toHaveBeenCalled();
      p.paint();
      p.frame();
      await vi.waitFor(() => expect(ready).toHaveBeenLastCalledWith(ok));
      expect([...document.head.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href')).slice(-2)).toEqual(urls.split(' '));
      expect((globalThis as { loaded?: number[] }).loaded).toEqual(ok ? [1, 2] : [3]);
    }
  });
});
