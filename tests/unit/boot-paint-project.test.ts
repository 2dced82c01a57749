// @vitest-environment happy-dom
// The project detail's pre-paint in a real DOM (happy-dom): the boot script is compiled as the build compiles it and
// run in the page. The filled view must be the markup React renders for the same project, in every status; a hostile
// value stays text; another project's answer, another account's answer, a malformed answer or unsaved edits of the
// project in this tab paint nothing, and the islands are let go exactly once either way.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootScript } from '../../src/boot/compile';
import { fillRow } from '../../src/boot/fill';
import type { PaintProjectConfig } from '../../src/boot/paint-project';
import { ProjectDetailFirstView, ProjectDetailLoading } from '../../src/components/projects/ProjectDetailParts';
import { projectDetailFill, templateDetailProject, type ProjectDetailRow } from '../../src/components/projects/project-detail-fill';
import { PROJECT_DRAFT_PREFIX } from '../../src/components/projects/draft-storage';
import { ROUTE_SLOT, USER_SLOT } from '../../src/lib/data/early-requests';
import type { Project } from '../../src/lib/data/projects';
import { PROJECT_STATUSES } from '../../src/lib/domain/project-rules';
import { fillTemplate, normal } from './support/fill-dom';

const API = 'http://127.0.0.1:54321';
const USER = '11111111-1111-4111-8111-111111111111';
const TOKEN = 'token-a';
const ID = '33333333-2222-4333-8444-555555555555';
const PATH = `rest/v1/projects?select=*&id=eq.${ROUTE_SLOT}&user_id=eq.${USER_SLOT}`;

const project = (over: Partial<Project> = {}): Project => ({
  id: ID,
  user_id: USER,
  title: 'Assistente de vendas',
  description: 'Um chatbot para o site.\nCom duas linhas.',
  created_at: '2025-03-10T14:30:00+00:00',
  updated_at: '2025-04-02T09:15:00+00:00',
  progress: 40,
  status: 'in-progress',
  plan: 'essential',
  monthly_price: 1990,
  ...over,
});

/** Projects of every status, with the values the view treats apart (no progress, over 100, no plan, no date). */
const PROJECTS: Project[] = [
  project(),
  project({ status: 'pending', progress: 0, description: null, plan: 'premium', monthly_price: 1999 }),
  project({ status: 'completed', progress: 140, plan: 'enterprise', monthly_price: null }),
  project({ status: 'in-progress', progress: null, plan: null }),
  project({ status: 'arquivado', progress: 57.6, created_at: '2024-12-31', updated_at: '' }),
  project({ status: 'completed', progress: 100, created_at: 'data inválida', plan: 'desconhecido', monthly_price: 0 }),
];

/** The view's template as the page carries it: the screen's view rendered once inside FillTemplate. */
function viewTemplate(): HTMLTemplateElement {
  const t = fillTemplate(ProjectDetailFirstView, { project: templateDetailProject() });
  t.setAttribute('data-fill-template', 'project-detail');
  return t;
}

const reactView = (row: ProjectDetailRow) => {
  const box = document.createElement('div');
  box.innerHTML = renderToStaticMarkup(createElement(ProjectDetailFirstView, { project: row }));
  return normal(box.firstElementChild!);
};

describe('a vista do detalhe preenchida pelo preenchedor genérico', () => {
  it('é a marcação que o React desenha para o mesmo projeto, em todo status (pendente, em andamento, concluído, desconhecido)', () => {
    expect(new Set(PROJECTS.map((p) => p.status))).toEqual(new Set([...PROJECT_STATUSES, 'arquivado']));
    const t = viewTemplate();
    for (const p of PROJECTS) expect(normal(fillRow(t, projectDetailFill(p))), `${p.status} ${p.progress}`).toBe(reactView(p));
  });

  it('mostra "Excluir" só para o projeto pendente, e para os outros "Solicitar cancelamento" com o link do projeto', () => {
    const t = viewTemplate();
    const buttons = (el: Element) => [...el.querySelectorAll('header a, header button')].map((b) => `${b.textContent} ${b.getAttribute('href') ?? ''}`.trim());
    expect(buttons(fillRow(t, projectDetailFill(project({ status: 'pending' }))))).toEqual(['Editar', 'Excluir']);
    expect(buttons(fillRow(t, projectDetailFill(project({ status: 'completed' }))))).toEqual(['Editar', `Solicitar cancelamento /support?cancelar=${ID}`]);
    const pending = fillRow(t, projectDetailFill(project({ status: 'pending' })));
    expect(pending.querySelector('[role=progressbar]'), 'no bar while pending').toBeNull();
  });

  it('valores hostis continuam texto: nenhum elemento nasce deles', () => {
    const t = viewTemplate();
    const hostile = project({ title: '<img src=x onerror="window.pwned=1">', description: '<script>x()</script> & "aspas"', plan: '<b>x</b>' });
    const el = fillRow(t, projectDetailFill(hostile));
    expect(el.querySelector('img, script, b')).toBeNull();
    expect(el.querySelector('h1')!.textContent).toBe(hostile.title);
    expect(normal(el)).toBe(reactView(hostile));
  });
});

const config: PaintProjectConfig = {
  frame: '[data-prepaint-project]',
  template: 'template[data-fill-template="project-detail"]',
  request: { method: 'GET', path: PATH },
  list: 'project-detail',
  draftKeyPrefix: PROJECT_DRAFT_PREFIX,
};
const script = bootScript('paint-project', config);

describe('a pré-pintura do detalhe do projeto (script compilado, no DOM)', () => {
  let settled = 0;
  beforeEach(() => {
    settled = 0;
    localStorage.clear();
    sessionStorage.clear();
    history.replaceState(null, '', `/projects/${ID}`);
    document.body.innerHTML = `<astro-island ssr="">${renderToStaticMarkup(createElement(ProjectDetailLoading, { frame: true }))}</astro-island>`;
    document.body.append(viewTemplate());
    window.__prepaintSettle = () => void (settled += 1);
    delete window.__prepaintedRows;
    window.__bootSession = { access_token: TOKEN, refresh_token: 'r', user: { id: USER } };
  });
  afterEach(() => {
    delete window.__earlyRequests;
    delete window.__bootSession;
  });

  /** The early request of this address's project, answered with `body`. */
  const answer = (body: unknown, { status = 200, authorization = `Bearer ${TOKEN}`, id = ID } = {}) => {
    window.__earlyRequests = [
      {
        key: `GET ${API}/${PATH.replace(USER_SLOT, USER).replace(ROUTE_SLOT, id)}\naccept:application/vnd.pgrst.object+json`,
        recorded: `GET ${PATH}`,
        authorization,
        response: Promise.resolve(new Response(JSON.stringify(body), { status })),
      },
    ];
  };
  const island = () => document.querySelector('astro-island')!;
  const run = async () => {
    new Function(script)();
    for (let i = 0; i < 50 && settled === 0; i++) await new Promise((r) => setTimeout(r, 10));
  };
  const expectNothingPainted = (why: string) => {
    expect(island().querySelector('[data-prepaint-project]'), why).not.toBeNull();
    expect(island().querySelector('h1'), why).toBeNull();
    expect(window.__prepaintedRows, why).toBeUndefined();
    expect(settled, `${why}: the islands are let go once`).toBe(1);
  };

  it('pinta o projeto deste endereço no lugar do carregamento e o entrega à tela', async () => {
    for (const p of PROJECTS) {
      document.body.querySelector('astro-island')!.innerHTML = renderToStaticMarkup(createElement(ProjectDetailLoading, { frame: true }));
      settled = 0;
      answer(p);
      await run();
      expect(island().children).toHaveLength(1);
      const view = island().firstElementChild!;
      expect(view.getAttribute('data-screen-fallback'), 'the painted view is the island fallback').toBe('');
      view.removeAttribute('data-screen-fallback');
      expect(normal(view), p.status).toBe(reactView(p));
      expect(window.__prepaintedRows).toEqual({ list: 'project-detail', key: ID, userId: USER, rows: [p], total: null, hasMore: false });
      expect(settled).toBe(1);
    }
  });

  it('não pinta o projeto de outro id, nem a resposta feita com o token de outra conta', async () => {
    answer(project({ id: '99999999-2222-4333-8444-555555555555' }));
    await run();
    expectNothingPainted('outro projeto');

    settled = 0;
    answer(project(), { authorization: 'Bearer outra-conta' });
    await run();
    expectNothingPainted('outra conta');

    settled = 0;
    history.replaceState(null, '', '/projects/99999999-2222-4333-8444-555555555555');
    answer(project());
    await run();
    expectNothingPainted('pedido de outro endereço');
  });

  it('uma resposta malformada ou de erro não pinta nada e libera as ilhas', async () => {
    const p = project();
    const cases: Record<string, [unknown, number?]> = {
      'resposta de erro': [{ message: 'erro' }, 406],
      'resposta em lista': [[p]],
      'resposta nula': [null],
      'sem título': [{ ...p, title: null }],
      'status que não é texto': [{ ...p, status: 3 }],
      'progresso que não é número': [{ ...p, progress: '40' }],
      'descrição que não é texto': [{ ...p, description: { a: 1 } }],
      'plano que não é texto': [{ ...p, plan: ['basic'] }],
    };
    for (const [name, [body, status]] of Object.entries(cases)) {
      settled = 0;
      answer(body, { status });
      await run();
      expectNothingPainted(name);
    }
  });

  it('sem pintura, a moldura é o carregamento que a primeira renderização da tela desenha', () => {
    const frame = renderToStaticMarkup(createElement(ProjectDetailLoading, { frame: true }));
    expect(frame.replace(/ data-screen-fallback=""| data-prepaint-project=""/g, '')).toBe(renderToStaticMarkup(createElement(ProjectDetailLoading)));
  });

  it('com alterações não salvas deste projeto guardadas na aba não pinta; as de outro projeto não impedem', async () => {
    sessionStorage.setItem(`${PROJECT_DRAFT_PREFIX}${ID}`, '{}');
    answer(project());
    await run();
    expectNothingPainted('rascunho deste projeto');

    sessionStorage.clear();
    sessionStorage.setItem(`${PROJECT_DRAFT_PREFIX}99999999-2222-4333-8444-555555555555`, '{}');
    settled = 0;
    await run();
    expect(island().querySelector('h1')!.textContent).toBe(project().title);
    expect(settled).toBe(1);
  });

  it('sem sessão guardada, com a ilha já iniciada ou com query string, não pinta e libera as ilhas', async () => {
    answer(project());
    delete window.__bootSession;
    await run();
    expectNothingPainted('sem sessão');

    window.__bootSession = { access_token: TOKEN, refresh_token: 'r', user: { id: USER } };
    island().removeAttribute('ssr');
    settled = 0;
    await run();
    expectNothingPainted('ilha iniciada');

    island().setAttribute('ssr', '');
    history.replaceState(null, '', `/projects/${ID}?tab=documentos`);
    settled = 0;
    await run();
    expectNothingPainted('query string');
  });
});
