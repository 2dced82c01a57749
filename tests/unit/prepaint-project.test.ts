// The inline script that paints the client's project detail from the early answer, run in a sandbox with a small
// stand-in for the DOM: the view templates are the screen's own loaded view rendered by React, and a filled view must
// come out as React renders the same project, in every status and with values that look like markup, placeholders or
// the templates' dates. It paints nothing (and leaves nothing for the screen) whenever one of its conditions fails,
// and it lets the held islands start exactly once either way.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TEST_TOKEN, TEST_USER, runPrepaint } from './support/prepaint-run';
import { ProjectDetailFirstView, ProjectDetailLoading } from '../../src/components/projects/ProjectDetailParts';
import { PROJECT_DRAFT_PREFIX } from '../../src/components/projects/draft-storage';
import { PROJECT_DETAIL } from '../../src/components/projects/handover-keys';
import { ROUTE_SLOT, USER_SLOT } from '../../src/lib/data/early-requests';
import type { Project } from '../../src/lib/data/projects';
import { SUPABASE_URL } from '../../src/lib/data/session-key';
import { PROJECT_STATUSES } from '../../src/lib/domain/project-rules';
import { prepaintProjectScript } from '../../src/lib/public/prepaint-project';
import { TEMPLATE_STATUSES, placeholderProject } from '../../src/lib/public/prepaint';
import { El, parseInto } from './support/mini-dom';

const USER = TEST_USER;
const TOKEN = TEST_TOKEN;
const ID = '11111111-2222-4333-8444-555555555555';
const PATH = `rest/v1/projects?select=*&id=eq.${ROUTE_SLOT}&user_id=eq.${USER_SLOT}`;

const viewMarkup = (project: Project) => renderToString(createElement(ProjectDetailFirstView, { project }));
/** React's markup with its separators between adjacent texts removed (they are not content). */
const normal = (html: string) => html.replace(/<!-- -->/g, '');

/** The page as the build writes it: the island with the loading frame, then one view template per status. */
function page() {
  const body = new El('body');
  body.connected = true;
  const island = new El('astro-island');
  island.setAttribute('ssr', '');
  parseInto(island, renderToString(createElement(ProjectDetailLoading, { frame: true })));
  body.append(island);
  for (const status of TEMPLATE_STATUSES) {
    const t = new El('template');
    t.setAttribute('data-prepaint-project-view', status);
    t.content = parseInto(new El('#fragment'), viewMarkup(placeholderProject(status)));
    body.append(t);
  }
  return { body, island };
}

/** Runs the script in a sandbox: the stored session, the address, the early entry, this tab's drafts. */
async function run(opts: {
  answer?: unknown;
  status?: number;
  session?: unknown;
  search?: string;
  started?: boolean;
  id?: string;
  drafts?: Record<string, string>;
  entries?: (response: Promise<unknown>) => unknown[];
}) {
  const { body, island } = page();
  const frameBefore = island.serialize();
  if (opts.started) island.attrs.delete('ssr');
  const response = Promise.resolve({ ok: (opts.status ?? 200) < 300, clone: () => ({ json: async () => opts.answer }) });
  const id = opts.id ?? ID;
  const url = `http://localhost:4321/${PATH.split(USER_SLOT).join(USER).split(ROUTE_SLOT).join(id)}`;
  const entries = opts.entries
    ? opts.entries(response)
    : [{ key: `GET ${url}\naccept:application/vnd.pgrst.object+json\n\n`, authorization: `Bearer ${TOKEN}`, response }];
  const script = prepaintProjectScript({ apiUrl: SUPABASE_URL, requestPath: PATH, list: PROJECT_DETAIL, draftKeyPrefix: PROJECT_DRAFT_PREFIX });
  const run = await runPrepaint(script, { body, pathname: `/projects/${id}`, search: opts.search, session: opts.session, sessionStorage: opts.drafts, entries });
  const left = run.left;
  const settled = run.settled();
  return {
    island,
    painted: island.serialize() !== frameBefore,
    left,
    settled,
  };
}

const project = (over: Partial<Project>): Project =>
  ({
    id: ID,
    user_id: USER,
    title: 'Assistente de vendas',
    description: 'Um chatbot para o site.\nCom duas linhas.',
    created_at: '2025-03-10T14:30:00+00:00',
    updated_at: '2025-04-02T09:15:00+00:00',
    progress: 40,
    status: 'in-progress',
    plan: 'basic',
    monthly_price: 1990,
    ...over,
  }) as Project;

describe('detalhe do projeto pintado antes da ilha em /projects/{id}', () => {
  it('a vista preenchida é igual à que o React desenha para o mesmo projeto, em todos os status e com valores hostis', async () => {
    const projects = [
      project({}),
      project({ status: 'pending', progress: 0, description: null, plan: 'premium', monthly_price: 1999 }),
      project({ status: 'completed', progress: 100, title: '<script>alert(1)</script> & "aspas"', plan: 'enterprise', monthly_price: null }),
      project({ status: 'in-progress', progress: null, title: '03/02/1901', description: '04/03/1902 @@prepaint-title@@' }),
      project({ status: 'arquivado', progress: 57.6, created_at: '2024-12-31', updated_at: null as unknown as string }),
      project({ status: 'completed', progress: 140, created_at: 'data inválida', description: '@@prepaint-description@@<b>x</b>' }),
      project({ title: '@@prepaint-description@@', description: '@@prepaint-title@@', created_at: '', updated_at: '1901-02-03' }),
    ];
    expect(new Set(projects.map((p) => p.status))).toEqual(new Set([...PROJECT_STATUSES, 'arquivado']));
    for (const p of projects) {
      const { island, left, settled } = await run({ answer: p });
      expect(island.children, p.title).toHaveLength(1);
      const view = island.children[0]!;
      expect(view.getAttribute('data-screen-fallback'), 'the painted view is the island fallback').toBe('');
      view.attrs.delete('data-screen-fallback');
      expect(normal(island.serialize()), `${p.status} ${p.title}`).toBe(normal(viewMarkup(p)));
      expect(left).toEqual({ list: PROJECT_DETAIL, key: ID, userId: USER, rows: [p], total: null, hasMore: false });
      expect(settled, 'the islands are let go once, after the view').toBe(1);
    }
  });

  it('não pinta nada nem deixa o projeto quando falta uma condição', async () => {
    const p = project({});
    const cases = {
      'resposta de erro': await run({ answer: { message: 'erro' }, status: 406 }),
      'resposta em lista': await run({ answer: [p] }),
      'resposta nula': await run({ answer: null }),
      'outro projeto': await run({ answer: project({ id: '99999999-2222-4333-8444-555555555555' }) }),
      'sem título': await run({ answer: { ...p, title: null } }),
      'status que não é texto': await run({ answer: { ...p, status: 3 } }),
      'progresso que não é número': await run({ answer: { ...p, progress: '40' } }),
      'descrição que não é texto': await run({ answer: { ...p, description: { a: 1 } } }),
      'rascunho guardado deste projeto': await run({ answer: p, drafts: { [`${PROJECT_DRAFT_PREFIX}${ID}`]: '{}' } }),
      'com query string': await run({ answer: p, search: '?aba=1' }),
      'sem sessão': await run({ answer: p, session: null }),
      'sessão incompleta': await run({ answer: p, session: { access_token: TOKEN } }),
      'ilha já iniciada': await run({ answer: p, started: true }),
      'pedido com outro token': await run({
        answer: p,
        entries: (response) => [{ key: `GET http://x/${PATH.split(USER_SLOT).join(USER).split(ROUTE_SLOT).join(ID)}\n`, authorization: 'Bearer outro', response }],
      }),
      'pedido de outro usuário': await run({
        answer: p,
        entries: (response) => [
          { key: `GET http://x/${PATH.split(USER_SLOT).join('outro-usuario').split(ROUTE_SLOT).join(ID)}\n`, authorization: `Bearer ${TOKEN}`, response },
        ],
      }),
      'sem pedido antecipado': await run({ answer: p, entries: () => [] }),
    };
    for (const [name, result] of Object.entries(cases)) {
      expect(result.painted, name).toBe(false);
      expect(result.left, name).toBeUndefined();
      expect(result.settled, `${name}: the islands are let go once`).toBe(1);
    }
  });

  it('sem pintura, a moldura da página é o carregamento que a primeira renderização da tela desenha', () => {
    const frame = renderToString(createElement(ProjectDetailLoading, { frame: true }));
    expect(frame).toContain('data-prepaint-project=""');
    expect(frame.replace(/ data-screen-fallback=""| data-prepaint-project=""/g, '')).toBe(renderToString(createElement(ProjectDetailLoading)));
  });

  it('um rascunho de outro projeto não impede a pintura', async () => {
    const other = `${PROJECT_DRAFT_PREFIX}99999999-2222-4333-8444-555555555555`;
    const { painted, settled } = await run({ answer: project({}), drafts: { [other]: '{}' } });
    expect(painted).toBe(true);
    expect(settled).toBe(1);
  });
});

describe('projeto pintado entregue à primeira renderização do detalhe', () => {
  it('só para o mesmo usuário e o mesmo id, até a tela esquecê-lo depois de desenhar', async () => {
    const g = globalThis as { window?: unknown; __prepaintedRows?: unknown };
    const { forgetPrepaintedRows, prepaintedRows } = await import('../../src/lib/stores/prepainted-rows');
    const left = { list: PROJECT_DETAIL, key: ID, userId: USER, rows: [project({})], total: null, hasMore: false };
    g.window = globalThis;
    try {
      g.__prepaintedRows = left;
      expect(prepaintedRows(PROJECT_DETAIL, USER, ID)?.rows).toEqual([project({})]);
      expect(prepaintedRows(PROJECT_DETAIL, USER, ID)?.rows, 'read again by a first render started over').toEqual([project({})]);
      forgetPrepaintedRows(PROJECT_DETAIL);
      expect(prepaintedRows(PROJECT_DETAIL, USER, ID)).toBeNull();
      for (const [user, id] of [['outro-usuario', ID], [USER, 'outro-id']] as const) {
        g.__prepaintedRows = left;
        expect(prepaintedRows(PROJECT_DETAIL, user, id), `${user} ${id}`).toBeNull();
        expect(g.__prepaintedRows).toBeUndefined();
      }
    } finally {
      delete g.window;
      delete g.__prepaintedRows;
    }
  });
});
