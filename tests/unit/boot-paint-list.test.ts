// @vitest-environment happy-dom
// The generic filler and the list pre-paint, in a real DOM (happy-dom): the boot script is compiled as the build
// compiles it and run in the page. A filled row must be the markup React renders for the same row; a hostile value stays
// text; another account's rows (its kept rows, an early answer made with another token) are never painted.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootScript } from '../../src/boot/compile';
import { fillRow } from '../../src/boot/fill';
import { ProjectListItem } from '../../src/components/projects/ProjectListParts';
import { TEMPLATE_PROJECT, projectListItemFill, type ProjectCardRow } from '../../src/components/projects/project-card-fill';
import { TaskTableRow } from '../../src/components/tasks/TasksTable';
import { TEMPLATE_TASK, taskRowFill } from '../../src/components/tasks/task-row-fill';
import { CrmClientRow } from '../../src/components/crm/ClientRowMenu';
import { TEMPLATE_CLIENT, clientRowFill } from '../../src/components/clients/client-row-fill';
import type { TaskRow } from '../../src/lib/data/tasks';
import type { ClientListItem } from '../../src/lib/data/clients';
import { USER_SLOT } from '../../src/lib/data/early-requests';
import { STORAGE_KEY as LAST_ROWS_KEY } from '../../src/lib/stores/last-rows';
import { fillTemplate, normal } from './support/fill-dom';

const API = 'http://127.0.0.1:54321';
const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const TOKEN = 'token-a';
const PATH = `rest/v1/projects?select=*&user_id=eq.${USER_SLOT}&limit=3`;

function project(over: Partial<ProjectCardRow>): ProjectCardRow {
  return { ...TEMPLATE_PROJECT, id: crypto.randomUUID(), title: 'Chatbot', created_at: '2025-03-04T12:00:00Z', ...over };
}

const ROWS: ProjectCardRow[] = [
  project({ status: 'pending', progress: null, description: 'Atendimento', plan: 'advanced', monthly_price: 999 }),
  project({ status: 'in-progress', progress: 42.6, plan: null, monthly_price: 1500.5 }),
  project({ status: 'in-progress', progress: null }),
  project({ status: 'completed', progress: 140, description: null }),
  project({ status: 'archived', progress: 10, created_at: '' }),
];

const template = fillTemplate;

const reactRow = (row: ProjectCardRow) => {
  const box = document.createElement('ul');
  box.innerHTML = renderToStaticMarkup(createElement(ProjectListItem, { project: row }));
  return normal(box.firstElementChild!);
};

describe('fillRow (o preenchedor genérico)', () => {
  it('preenche o card do projeto igual ao que o React desenha para a mesma linha, em todo status', () => {
    const t = template(ProjectListItem, { project: TEMPLATE_PROJECT });
    for (const row of ROWS) expect(normal(fillRow(t, projectListItemFill(row)))).toBe(reactRow(row));
  });

  it('um título hostil continua texto: nenhum elemento nasce dele', () => {
    const t = template(ProjectListItem, { project: TEMPLATE_PROJECT });
    const hostile = project({ title: '<img src=x onerror="window.pwned=1">', description: '<script>x()</script>' });
    const el = fillRow(t, projectListItemFill(hostile));
    expect(el.querySelector('img, script')).toBeNull();
    expect(el.querySelector('h2')!.textContent).toBe(hostile.title);
    expect(normal(el)).toBe(reactRow(hostile));
  });

  it('uma marca sem valor é um erro, não um buraco', () => {
    const t = template(ProjectListItem, { project: TEMPLATE_PROJECT });
    const { title: _gone, ...partial } = projectListItemFill(ROWS[0]!);
    expect(() => fillRow(t, partial)).toThrow(/title/);
  });
});

describe('fillRow nas linhas de /tasks e /my-clients', () => {
  const rowMarkup = (element: ReturnType<typeof createElement>) => {
    const t = document.createElement('template');
    t.innerHTML = renderToStaticMarkup(element);
    return normal(t.content.firstElementChild!);
  };
  const task = (over: Partial<TaskRow>): TaskRow => ({ ...TEMPLATE_TASK, id: crypto.randomUUID(), title: 'Revisar', status: 'Pendente', priority: 'Alta', created_by: USER, ...over });
  const client = (over: Partial<ClientListItem>): ClientListItem => ({ ...TEMPLATE_CLIENT, id: crypto.randomUUID(), full_name: 'Ana', email: 'ana@exemplo.com.br', status: 'lead', ...over });

  it('uma tarefa preenchida é a linha que o React desenha, com e sem projeto, prazo, atraso e responsável', () => {
    const t = template(TaskTableRow, { task: TEMPLATE_TASK });
    const tasks = [
      task({}),
      task({ project: { title: 'Chatbot' }, due_date: '2025-01-31', overdue: true, assigned_to: OTHER, assignee: { full_name: 'Bia', email: null } }),
      task({ status: 'Concluída', priority: 'Baixa', assigned_to: OTHER, assignee: null, title: '<b onmouseover=x()>t</b>' }),
    ];
    for (const row of tasks) expect(normal(fillRow(t, taskRowFill(row)))).toBe(rowMarkup(createElement(TaskTableRow, { task: row })));
  });

  it('um cliente preenchido é a linha que o React desenha, com e-mail, telefone e empresa de toda forma', () => {
    const t = template(CrmClientRow, { row: TEMPLATE_CLIENT });
    const clients = [
      client({}),
      client({ phone: '(11) 98888-7777', company_name: 'ACME', status: 'active' }),
      client({ phone: 'ramal 12', email: 'não é e-mail', status: 'desconhecido', full_name: '<img src=x onerror=alert(1)>' }),
    ];
    for (const row of clients) {
      const filled = fillRow(t, clientRowFill(row));
      expect(filled.querySelector('img')).toBeNull();
      expect(normal(filled)).toBe(rowMarkup(createElement(CrmClientRow, { row })));
    }
  });
});

const script = bootScript(
  'paint-list',
  {
      target: '[data-prepaint-grid]',
    template: 'template[data-fill-template="project"]',
    request: { method: 'GET', path: PATH },
    list: 'projects',
    key: '|',
    pageSize: 2,
  },
  { module: 'components/projects/project-card-fill.ts', name: 'projectListItemFill' },
);

describe('a pré-pintura de uma lista (script compilado, no DOM)', () => {
  let settled = 0;
  beforeEach(() => {
    settled = 0;
    localStorage.clear();
    document.body.innerHTML = '<astro-island ssr=""><div data-screen-fallback=""><ul data-prepaint-grid=""></ul></div></astro-island>';
    document.body.append(template(ProjectListItem, { project: TEMPLATE_PROJECT }));
    document.querySelector('template')!.setAttribute('data-fill-template', 'project');
    window.__prepaintSettle = () => void (settled += 1);
    delete window.__prepaintedRows;
    window.__bootSession = { access_token: TOKEN, refresh_token: 'r', user: { id: USER } };
  });
  afterEach(() => {
    delete window.__earlyRequests;
    delete window.__bootSession;
  });

  const answer = (rows: unknown, authorization = `Bearer ${TOKEN}`) => {
    window.__earlyRequests = [
      {
        key: `GET ${API}/${PATH.replace(USER_SLOT, USER)}\naccept:application/json`,
        recorded: `GET ${PATH}`,
        authorization,
        response: Promise.resolve(new Response(JSON.stringify(rows), { status: 200 })),
      },
    ];
  };
  const grid = () => document.querySelector('[data-prepaint-grid]')!;
  const run = () => new Function(script)();
  const until = async (f: () => boolean) => {
    for (let i = 0; i < 50 && !f(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('pinta a primeira página da resposta antecipada e a entrega à ilha', async () => {
    answer(ROWS.slice(0, 3));
    run();
    await until(() => settled > 0);
    expect(grid().children).toHaveLength(2);
    expect(normal(grid().children[0]!)).toBe(reactRow(ROWS[0]!));
    expect(window.__prepaintedRows).toMatchObject({ list: 'projects', key: '|', userId: USER, hasMore: true });
    expect(settled).toBe(1);
  });

  it('não pinta a resposta feita com o token de outra conta', async () => {
    answer(ROWS, 'Bearer outra-conta');
    run();
    expect(settled).toBe(1);
    expect(grid().children).toHaveLength(0);
    expect(window.__prepaintedRows).toBeUndefined();
  });

  it('não pinta as linhas guardadas de outra conta; pinta as desta', async () => {
    answer([]);
    localStorage.setItem(LAST_ROWS_KEY, JSON.stringify({ userId: OTHER, lists: { projects: { key: '|', rows: [ROWS[1]], total: 1, hasMore: false } } }));
    run();
    await until(() => settled > 0);
    expect(grid().children).toHaveLength(0);
    expect(settled).toBe(1);

    settled = 0;
    localStorage.setItem(LAST_ROWS_KEY, JSON.stringify({ userId: USER, lists: { projects: { key: '|', rows: [ROWS[3]], total: 1, hasMore: false } } }));
    answer([]);
    run();
    await until(() => settled > 0);
    expect(grid().children).toHaveLength(1);
    expect(grid().querySelector('h2')!.textContent).toBe('Chatbot');
  });

  it('sem sessão guardada, ou com a ilha já iniciada, não pinta e libera as ilhas', () => {
    answer(ROWS);
    delete window.__bootSession;
    run();
    expect(settled).toBe(1);
    window.__bootSession = { access_token: TOKEN, refresh_token: 'r', user: { id: USER } };
    document.querySelector('astro-island')!.removeAttribute('ssr');
    run();
    expect(settled).toBe(2);
    expect(grid().children).toHaveLength(0);
  });
});
