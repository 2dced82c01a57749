// @vitest-environment happy-dom
// The scripts that keep a click or a submit made before a page's code is ready (src/boot/island-events.ts on the
// signed-in screens, page-events.ts on the public pages), compiled as the build compiles them and run in a real DOM.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootScript } from '../../src/boot/compile';

const listening: Array<[string, EventListenerOrEventListenerObject]> = [];
const realAdd = globalThis.addEventListener;
beforeEach(() => {
  globalThis.addEventListener = ((type: string, f: EventListenerOrEventListenerObject, o?: boolean) => {
    listening.push([type, f]);
    realAdd.call(globalThis, type, f, o);
  }) as typeof addEventListener;
});
afterEach(() => {
  globalThis.addEventListener = realAdd;
  for (const [type, f] of listening.splice(0)) removeEventListener(type, f, true);
  document.body.replaceChildren();
});

/** Runs the compiled script of `entry`; returns the log of what reached the page's own listeners. */
function start(entry: 'island-events' | 'page-events', html: string) {
  document.body.innerHTML = html;
  new Function(bootScript(entry, null))();
  const log: string[] = [];
  for (const el of document.querySelectorAll('button, form')) {
    const name = el.getAttribute('aria-label') || el.id || el.textContent!.trim();
    el.addEventListener('click', () => log.push(`click ${name}`));
    el.addEventListener('submit', (e) => {
      e.preventDefault();
      const by = (e as SubmitEvent).submitter;
      log.push(`submit ${name} by ${by instanceof HTMLButtonElement ? by.id : '-'}`);
    });
  }
  return log;
}
const $ = <E extends Element = HTMLElement>(selector: string) => document.querySelector<E>(selector)!;
const click = (el: Element) => el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
/** What Astro's island element does once its component has hydrated. */
function hydrate(island: Element) {
  island.removeAttribute('ssr');
  island.dispatchEvent(new Event('astro:hydrate'));
}
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('telas logadas: clique ou envio antes de a ilha hidratar', () => {
  it('o clique num botão de ilha ainda não hidratada é segurado e refeito quando ela hidrata, uma vez, na ordem de cada ilha', () => {
    const log = start(
      'island-events',
      '<astro-island id="shell" ssr><button type="button" id="a"><svg id="icon"></svg></button><button type="button" id="c">c</button></astro-island>' +
        '<astro-island id="screen" ssr><button type="button" id="b">b</button></astro-island>',
    );
    expect(click($('#icon')), 'o evento não segue adiante').toBe(false);
    click($('#b'));
    click($('#c'));
    expect(log).toEqual([]);
    hydrate($('#shell'));
    expect(log).toEqual(['click a', 'click c']);
    hydrate($('#screen'));
    hydrate($('#shell'));
    expect(log, 'refeito uma vez só').toEqual(['click a', 'click c', 'click b']);
  });

  it('numa ilha hidratada, fora de ilhas, num botão desativado ou fora de botão: o clique segue normalmente', () => {
    const log = start(
      'island-events',
      '<astro-island><button type="button" id="ready">r</button></astro-island><header><button type="button" id="out">o</button></header>' +
        '<astro-island ssr><button type="button" id="off" disabled>d</button><a id="link">l</a></astro-island>',
    );
    for (const id of ['ready', 'out', 'link']) expect(click($(`#${id}`)), id).toBe(true);
    click($('#off'));
    $<HTMLButtonElement>('#off').disabled = false;
    hydrate($('astro-island[ssr]'));
    expect(log, 'nada segurado para depois').toEqual(['click ready', 'click out']);
  });

  it('o envio de formulário de ilha não hidratada não vai ao servidor e é refeito, com o mesmo botão, quando ela hidrata', () => {
    const log = start('island-events', '<astro-island ssr><form id="f"><button id="send" type="submit">Enviar</button></form></astro-island>');
    const submit = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: $('#send') as HTMLElement });
    expect($('#f').dispatchEvent(submit), 'o envio é segurado').toBe(false);
    expect(log).toEqual([]);
    hydrate($('astro-island'));
    expect(log).toEqual(['submit f by send']);
  });

  it('um botão que saiu do documento antes de a ilha hidratar não é clicado', () => {
    const log = start('island-events', '<astro-island ssr><button type="button" id="b">b</button></astro-island>');
    click($('#b'));
    const button = $('#b');
    button.remove();
    hydrate($('astro-island'));
    expect(log).toEqual([]);
  });
});

describe('telas logadas com moldura: clique num botão da moldura antes de o React desenhar', () => {
  /** A client:only island whose fallback (the frame) has these buttons; `draw` stands for React's first render. */
  function framed(buttons: string) {
    const log = start('island-events', `<astro-island ssr client="only"><div data-screen-fallback>${buttons}</div></astro-island>`);
    const island = $('astro-island');
    const draw = (html = buttons) => {
      $('[data-screen-fallback]').remove();
      island.insertAdjacentHTML('beforeend', `<div>${html}</div>`);
      const drawn = [...island.querySelectorAll<HTMLButtonElement>('button')];
      drawn.forEach((b, i) => {
        b.addEventListener('click', () => log.push(`react ${i}`));
        b.addEventListener('focus', () => log.push(`focus ${i}`));
      });
      return drawn;
    };
    return { log, island, painted: [...island.querySelectorAll('button')], draw };
  }

  it('vai ao botão de mesmo nome e posição que a ilha desenha, com o foco, quando a moldura sai', async () => {
    const { log, island, painted, draw } = framed(
      '<button type="button">Novo Projeto</button><button type="button" aria-label="Excluir projeto A">x</button><button type="button" aria-label="Excluir projeto A">x</button>',
    );
    expect(click(painted[2]!)).toBe(false);
    hydrate(island);
    await flush();
    expect(log, 'o botão da moldura, sem ação, não é clicado').toEqual([]);
    draw();
    await flush();
    expect(log).toEqual(['focus 2', 'react 2']);
    await flush();
    expect(log, 'uma vez só').toEqual(['focus 2', 'react 2']);
  });

  it('pelo texto quando não há aria-label; se a moldura já saiu quando a ilha hidrata, vai logo', () => {
    const { log, island, painted, draw } = framed('<button type="button"> Excluir </button><button type="button"> Novo Projeto </button>');
    click(painted[1]!);
    draw();
    hydrate(island);
    expect(log).toEqual(['focus 1', 'react 1']);
  });

  it('a ilha já começou mas o React ainda não desenhou: o clique na moldura ainda vai ao botão da ilha', async () => {
    const { log, island, painted, draw } = framed('<button type="button">Visão Geral</button><button type="button">Atualizações</button>');
    island.removeAttribute('ssr');
    expect(click(painted[1]!)).toBe(false);
    const drawn = draw();
    await flush();
    expect(log).toEqual(['focus 1', 'react 1']);
    expect(click(drawn[0]!), 'o que a ilha desenhou segue normalmente').toBe(true);
  });

  it('o foco num botão da moldura passa ao botão de mesmo nome e posição quando a moldura sai', async () => {
    const { island, painted, draw } = framed('<button type="button">Novo Projeto</button><button type="button" aria-label="Ações para Ana">x</button>');
    painted[1]!.focus();
    const drawn = draw();
    await flush();
    expect(document.activeElement).toBe(drawn[1]);
    expect(island.contains(painted[1]!)).toBe(false);
  });

  it('o foco que saiu da moldura antes de ela sair não é puxado de volta', async () => {
    const { painted, draw } = framed('<button type="button">Novo Projeto</button>');
    document.body.insertAdjacentHTML('beforeend', '<button type="button" id="fora">Fora</button>');
    painted[0]!.focus();
    $('#fora').focus();
    draw();
    await flush();
    expect(document.activeElement).toBe($('#fora'));
  });

  it('um botão que a ilha não desenha, ou desenha desativado, não é clicado', () => {
    const first = framed('<button type="button">Novo Projeto</button>');
    click(first.painted[0]!);
    first.draw('<button type="button">Outro</button>');
    hydrate(first.island);
    expect(first.log).toEqual([]);
    const second = framed('<button type="button">Novo Projeto</button>');
    click(second.painted[0]!);
    second.draw('<button type="button" disabled>Novo Projeto</button>');
    hydrate(second.island);
    expect(second.log).toEqual([]);
  });
});

describe('páginas públicas: clique ou envio antes de os módulos da página rodarem', () => {
  const ready = (ok: boolean) => (window as { __pageReady?: (ok: boolean) => void }).__pageReady!(ok);

  it('segura cliques e envios e os refaz, na ordem, quando a página fica pronta; depois disso não segura mais', () => {
    const log = start('page-events', '<button type="button" id="menu">Menu</button><form id="f"></form>');
    expect(click($('#menu'))).toBe(false);
    expect($('#f').dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }))).toBe(false);
    expect(log).toEqual([]);
    ready(true);
    expect(log).toEqual(['click menu', 'submit f by -']);
    expect(click($('#menu'))).toBe(true);
  });

  it('se um módulo falhou, os eventos segurados são descartados (o formulário não é postado no host estático)', () => {
    const log = start('page-events', '<form id="f"></form>');
    $('#f').dispatchEvent(new SubmitEvent('submit', { bubbles: true, cancelable: true }));
    ready(false);
    expect(log).toEqual([]);
  });
});
