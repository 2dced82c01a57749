// The inline scripts that keep a click or a submit made before a page's code is ready, run in a sandbox with a small
// stand-in for the few DOM pieces they use (elements with `closest`, the window's capture listeners, islands' events).
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { EARLY_EVENTS_SCRIPT, ISLAND_EARLY_EVENTS_SCRIPT } from '../../src/lib/public/early-events';

class FakeElement {
  readonly attributes = new Set<string>();
  /** Values of attributes that have one (aria-label, client). */
  readonly values = new Map<string, string>();
  readonly listeners = new Map<string, Array<() => void>>();
  readonly done: string[] = [];
  readonly kids: FakeElement[] = [];
  textContent = '';
  detached = false;
  disabled = false;
  constructor(
    readonly tag: string,
    readonly parent: FakeElement | null = null,
    readonly type = 'button',
  ) {
    parent?.kids.push(this);
  }
  get isConnected(): boolean {
    return !this.detached && (this.parent?.isConnected ?? true);
  }
  set isConnected(v: boolean) {
    this.detached = !v;
  }
  /** Takes the element out of the document, as React's first render does with an island's fallback. */
  remove() {
    this.detached = true;
    this.parent?.kids.splice(this.parent.kids.indexOf(this), 1);
  }
  querySelectorAll(tag: string): FakeElement[] {
    return this.kids.flatMap((k) => [...(k.tag === tag ? [k] : []), ...k.querySelectorAll(tag)]);
  }
  focus() {
    this.done.push('focus');
  }
  closest(selector: string): FakeElement | null {
    const attr = /^\[([a-z-]+)\]$/.exec(selector)?.[1];
    for (let el: FakeElement | null = this; el; el = el.parent) if (attr ? el.attributes.has(attr) : el.tag === selector) return el;
    return null;
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
  getAttribute(name: string) {
    return this.values.get(name) ?? (this.attributes.has(name) ? '' : null);
  }
  addEventListener(type: string, f: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), f]);
  }
  /** What Astro's island does once its component has hydrated. */
  hydrated() {
    this.attributes.delete('ssr');
    for (const f of this.listeners.get('astro:hydrate') ?? []) f();
    this.listeners.delete('astro:hydrate');
  }
  click() {
    this.done.push('click');
  }
  requestSubmit(by?: FakeElement) {
    this.done.push(by ? `submit by ${by.tag}` : 'submit');
  }
}

interface FakeEvent {
  type: 'click' | 'submit';
  target: FakeElement;
  submitter?: FakeElement;
  stopped: boolean;
  prevented: boolean;
  preventDefault(): void;
  stopImmediatePropagation(): void;
}

/** Runs `script` in a window whose capture listeners the test fires by hand; returns that firing function. */
function page(script: string) {
  const window: Record<string, unknown> = {};
  const listeners = new Map<string, Array<(e: FakeEvent) => void>>();
  Object.assign(window, {
    Element: FakeElement,
    addEventListener: (type: string, f: (e: FakeEvent) => void) => listeners.set(type, [...(listeners.get(type) ?? []), f]),
    removeEventListener: (type: string, f: (e: FakeEvent) => void) =>
      listeners.set(type, (listeners.get(type) ?? []).filter((g) => g !== f)),
  });
  /** The mutation observers the script made; the test reports a change to them by hand. */
  const observers: Array<() => void> = [];
  window.MutationObserver = class {
    constructor(readonly callback: (records: unknown[], observer: unknown) => void) {}
    observe() {
      observers.push(() => this.callback([], this));
    }
    disconnect() {
      observers.splice(0);
    }
  };
  const mutated = () => [...observers].forEach((f) => f());
  window.window = window;
  runInNewContext(script, window);
  const fire = (type: FakeEvent['type'], target: FakeElement, submitter?: FakeElement): FakeEvent => {
    const event: FakeEvent = {
      type,
      target,
      submitter,
      stopped: false,
      prevented: false,
      preventDefault() {
        this.prevented = true;
      },
      stopImmediatePropagation() {
        this.stopped = true;
      },
    };
    for (const f of listeners.get(type) ?? []) f(event);
    return event;
  };
  return { window, fire, mutated };
}

/** An island as Astro writes it in the HTML: not hydrated yet. */
function island(): FakeElement {
  const el = new FakeElement('astro-island');
  el.attributes.add('ssr');
  return el;
}

describe('telas logadas: clique ou envio antes de a ilha hidratar', () => {
  it('o clique num botão de uma ilha ainda não hidratada é segurado e refeito quando ela hidrata, uma vez', () => {
    const { fire } = page(ISLAND_EARLY_EVENTS_SCRIPT);
    const shell = island();
    const button = new FakeElement('button', shell);
    const icon = new FakeElement('svg', button, '');
    const event = fire('click', icon);
    expect(event.stopped, 'o evento não segue adiante').toBe(true);
    expect(button.done).toEqual([]);
    shell.hydrated();
    expect(button.done).toEqual(['click']);
    shell.hydrated();
    expect(button.done, 'refeito uma vez só').toEqual(['click']);
  });

  it('cliques em ilhas diferentes esperam cada uma a sua, e saem na ordem em que foram feitos', () => {
    const { fire } = page(ISLAND_EARLY_EVENTS_SCRIPT);
    const shell = island();
    const screen = island();
    const order: string[] = [];
    const a = new FakeElement('button', shell);
    const b = new FakeElement('button', screen);
    const c = new FakeElement('button', shell);
    a.click = () => void order.push('a');
    b.click = () => void order.push('b');
    c.click = () => void order.push('c');
    fire('click', a);
    fire('click', b);
    fire('click', c);
    shell.hydrated();
    expect(order).toEqual(['a', 'c']);
    screen.hydrated();
    expect(order).toEqual(['a', 'c', 'b']);
  });

  it('numa ilha já hidratada, fora de ilhas, num botão desativado ou fora de botão: o clique segue normalmente', () => {
    const { fire } = page(ISLAND_EARLY_EVENTS_SCRIPT);
    const ready = island();
    ready.hydrated();
    const waiting = island();
    const disabled = new FakeElement('button', waiting);
    disabled.disabled = true;
    for (const target of [
      new FakeElement('button', ready),
      new FakeElement('button', new FakeElement('header')),
      disabled,
      new FakeElement('a', waiting, ''),
    ]) {
      expect(fire('click', target).stopped).toBe(false);
    }
  });

  it('o envio de um formulário de ilha não hidratada não vai ao servidor e é refeito, com o mesmo botão, quando ela hidrata', () => {
    const { fire } = page(ISLAND_EARLY_EVENTS_SCRIPT);
    const screen = island();
    const form = new FakeElement('form', screen);
    const submit = new FakeElement('button', form, 'submit');
    expect(fire('click', submit).stopped, 'o clique do botão de envio vira o envio, que é o segurado').toBe(false);
    const event = fire('submit', form, submit);
    expect(event.prevented).toBe(true);
    expect(event.stopped).toBe(true);
    screen.hydrated();
    expect(form.done).toEqual(['submit by button']);
  });

  it('um botão que saiu do documento antes de a ilha hidratar não é clicado', () => {
    const { fire } = page(ISLAND_EARLY_EVENTS_SCRIPT);
    const screen = island();
    const button = new FakeElement('button', screen);
    fire('click', button);
    button.isConnected = false;
    screen.hydrated();
    expect(button.done).toEqual([]);
  });
});

describe('telas logadas com moldura: clique num botão da moldura antes de o React desenhar', () => {
  /** A `client:only` island whose fallback (the frame) has buttons; `draw` stands for React's first render. */
  function framed(...names: Array<{ label?: string; text?: string }>) {
    const screen = island();
    screen.values.set('client', 'only');
    const frame = new FakeElement('div', screen);
    frame.attributes.add('data-screen-fallback');
    const make = (parent: FakeElement) =>
      names.map(({ label, text }) => {
        const b = new FakeElement('button', parent);
        if (label) b.values.set('aria-label', label);
        b.textContent = ` ${text ?? ''} `;
        return b;
      });
    const painted = make(frame);
    const draw = () => {
      frame.remove();
      return make(new FakeElement('div', screen));
    };
    return { screen, painted, draw };
  }

  it('vai ao botão de mesmo nome e posição que a ilha desenha, com o foco, quando a moldura sai', () => {
    const { fire, mutated } = page(ISLAND_EARLY_EVENTS_SCRIPT);
    const { screen, painted, draw } = framed({ text: 'Novo Projeto' }, { label: 'Excluir projeto A' }, { label: 'Excluir projeto A' });
    expect(fire('click', painted[2]!).stopped).toBe(true);
    screen.hydrated();
    expect(painted[2]!.done, 'o botão da moldura, sem ação, não é clicado').toEqual([]);
    mutated();
    expect(painted[2]!.done).toEqual([]);
    const drawn = draw();
    mutated();
    expect(drawn.map((b) => b.done)).toEqual([[], [], ['focus', 'click']]);
    mutated();
    expect(drawn[2]!.done, 'uma vez só').toEqual(['focus', 'click']);
  });

  it('pelo texto quando não há aria-label; se a moldura já saiu quando a ilha hidrata, vai logo', () => {
    const { fire } = page(ISLAND_EARLY_EVENTS_SCRIPT);
    const { screen, painted, draw } = framed({ text: 'Excluir' }, { text: 'Novo Projeto' });
    fire('click', painted[1]!);
    const drawn = draw();
    screen.hydrated();
    expect(drawn.map((b) => b.done)).toEqual([[], ['focus', 'click']]);
  });

  it('a ilha já começou mas o React ainda não desenhou: o clique na moldura ainda vai ao botão da ilha', () => {
    const { fire, mutated } = page(ISLAND_EARLY_EVENTS_SCRIPT);
    const { screen, painted, draw } = framed({ text: 'Visão Geral' }, { text: 'Atualizações' });
    screen.hydrated();
    expect(fire('click', painted[1]!).stopped).toBe(true);
    mutated();
    expect(painted[1]!.done).toEqual([]);
    const drawn = draw();
    mutated();
    expect(drawn.map((b) => b.done)).toEqual([[], ['focus', 'click']]);
    expect(fire('click', drawn[0]!).stopped, 'what the island drew is left alone').toBe(false);
  });

  it('um botão que a ilha não desenha, ou desenha desativado, não é clicado', () => {
    const { fire } = page(ISLAND_EARLY_EVENTS_SCRIPT);
    const { screen, painted, draw } = framed({ text: 'Novo Projeto' });
    fire('click', painted[0]!);
    const [drawn] = draw();
    drawn!.textContent = 'Outro';
    screen.hydrated();
    expect(drawn!.done).toEqual([]);
    const second = framed({ text: 'Novo Projeto' });
    fire('click', second.painted[0]!);
    const [off] = second.draw();
    off!.disabled = true;
    second.screen.hydrated();
    expect(off!.done).toEqual([]);
  });
});

describe('páginas públicas: clique ou envio antes de os módulos da página rodarem', () => {
  it('segura cliques e envios e os refaz, na ordem, quando a página fica pronta; depois disso não segura mais', () => {
    const { window, fire } = page(EARLY_EVENTS_SCRIPT);
    const menu = new FakeElement('button');
    const form = new FakeElement('form');
    expect(fire('click', menu).stopped).toBe(true);
    expect(fire('submit', form).prevented).toBe(true);
    (window.__pageReady as (ok: boolean) => void)(true);
    expect(menu.done).toEqual(['click']);
    expect(form.done).toEqual(['submit']);
    expect(fire('click', menu).stopped).toBe(false);
  });

  it('se um módulo falhou, os eventos segurados são descartados (o formulário não é postado no host estático)', () => {
    const { window, fire } = page(EARLY_EVENTS_SCRIPT);
    const form = new FakeElement('form');
    fire('submit', form);
    (window.__pageReady as (ok: boolean) => void)(false);
    expect(form.done).toEqual([]);
  });
});
