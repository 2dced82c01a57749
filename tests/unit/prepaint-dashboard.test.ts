// The inline script that paints the dashboard from the early answers, run in a sandbox with the small DOM: the frame
// and the templates are the screen's own parts rendered by React, and after painting, the frame must be what the
// screen draws for the same answers (greeting, counts, recent projects or the empty state), for hostile values too.
// It paints nothing but the name, and leaves nothing for the screen, when one of its conditions fails, and it lets
// the held islands start exactly once either way.
import { createElement, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  AllProjectsLink,
  DashboardCounts,
  DashboardFrame,
  DashboardHeader,
  GREETINGS,
  NoRecentProjects,
  RECENT_GRID,
  RecentItem,
  RecentSection,
} from '../../src/components/dashboard/DashboardParts';
import type { Project } from '../../src/lib/data/projects';
import { SUPABASE_URL } from '../../src/lib/data/session-key';
import { USER_SLOT } from '../../src/lib/data/early-requests';
import { projectCountsOf } from '../../src/lib/domain/project-rules';
import { STORAGE_KEY as LAST_ROWS_KEY } from '../../src/lib/stores/last-rows';
import { TEMPLATE_STATUSES, placeholderProject } from '../../src/lib/public/prepaint';
import { prepaintDashboardScript } from '../../src/lib/public/prepaint-dashboard';
import { El, parseInto } from './support/mini-dom';
import { TEST_TOKEN, TEST_USER, projectRow, runPrepaint } from './support/prepaint-run';

const USER = TEST_USER;
const TOKEN = TEST_TOKEN;
const REQUESTS = {
  visit: { method: 'POST', path: 'rest/v1/rpc/record_dashboard_visit' },
  counts: { method: 'POST', path: 'rest/v1/rpc/project_status_counts' },
  recent: { method: 'GET', path: `rest/v1/projects?select=*&user_id=eq.${USER_SLOT}&order=created_at.desc&limit=5` },
};
const SCRIPT = prepaintDashboardScript({ apiUrl: SUPABASE_URL, ...REQUESTS, recentCount: 5, list: 'dashboard', key: 'summary', greetings: GREETINGS });

const markup = (el: ReactElement) => renderToString(el).replace(/<!-- -->/g, '');
const fragment = (el: ReactElement) => parseInto(new El('#fragment'), renderToString(el));

/** The page as the build writes it: the island with the frame, then the templates. */
function page() {
  const body = new El('body');
  body.connected = true;
  const island = new El('astro-island');
  island.setAttribute('ssr', '');
  parseInto(island, renderToString(createElement(DashboardFrame)));
  body.append(island);
  const template = (attr: string, value: string, el: ReactElement) => {
    const t = new El('template');
    t.setAttribute(attr, value);
    t.content = fragment(el);
    body.append(t);
  };
  for (const status of TEMPLATE_STATUSES)
    template('data-prepaint-recent', status, createElement(RecentItem, { project: placeholderProject(status) }));
  template('data-prepaint-recent-list', '', createElement('ul', { className: RECENT_GRID }));
  template('data-prepaint-recent-link', '', createElement(AllProjectsLink));
  template('data-prepaint-recent-empty', '', createElement(NoRecentProjects));
  return { body, island, frame: island.children[0]! };
}

interface Answer {
  status?: number;
  body: unknown;
}

async function run(opts: {
  visit?: Answer | null;
  counts?: Answer | null;
  recent?: Answer | null;
  session?: unknown;
  search?: string;
  started?: boolean;
  kept?: unknown;
}) {
  const { island, frame, body } = page();
  if (opts.started) island.attrs.delete('ssr');
  const session = opts.session === undefined ? { access_token: TOKEN, user: { id: USER, email: 'ana@exemplo.com.br', user_metadata: { full_name: ' Ana Souza ' } } } : opts.session;
  let read = 0;
  const entry = (r: { method: string; path: string }, a: Answer | null | undefined) =>
    a === null
      ? []
      : [
          {
            key: `${r.method} http://localhost:4321/${r.path.split(USER_SLOT).join(USER)}\naccept:\n\n`,
            authorization: `Bearer ${TOKEN}`,
            response: Promise.resolve({ ok: (a?.status ?? 200) < 300, clone: () => ({ json: async () => (read++, a?.body) }) }),
          },
        ];
  const { left, settled } = await runPrepaint(SCRIPT, {
    body,
    pathname: '/dashboard',
    search: opts.search,
    session,
    local: opts.kept ? { [LAST_ROWS_KEY]: JSON.stringify(opts.kept) } : {},
    entries: [
      ...entry(REQUESTS.visit, opts.visit === undefined ? { body: true } : opts.visit),
      ...entry(REQUESTS.counts, opts.counts === undefined ? { body: [] } : opts.counts),
      ...entry(REQUESTS.recent, opts.recent === undefined ? { body: [] } : opts.recent),
    ],
  });
  return { frame, left, read, settled: settled() };
}

const row = projectRow;

/** What the screen draws inside its layout for these figures. */
function screen(name: string, firstVisit: boolean, counts: ReturnType<typeof projectCountsOf>, recent: Project[]) {
  return (
    markup(createElement(DashboardHeader, { name, firstVisit })) +
    markup(createElement(DashboardCounts, { counts, failed: false })) +
    markup(
      createElement(RecentSection, {
        link: recent.length > 0,
        children:
          recent.length > 0
            ? createElement('ul', { className: RECENT_GRID }, ...recent.map((p) => createElement(RecentItem, { key: p.id, project: p })))
            : createElement(NoRecentProjects),
      }),
    )
  );
}

describe('painel pintado antes da ilha em /dashboard', () => {
  it('na primeira visita, com as três respostas, o painel fica igual ao que a tela desenha, com valores hostis', async () => {
    const tallies = [
      { status: 'in-progress', count: 2 },
      { status: 'pending', count: '1' },
      { status: 'completed', count: 4 },
      { status: 'outro', count: 3 },
    ];
    const recent = [
      row({}),
      row({ id: '22222222-2222-4333-8444-555555555555', title: '<img src=x onerror=alert(1)> @@prepaint-id@@', description: null, status: 'pending', progress: null, plan: 'enterprise', monthly_price: null }),
      row({ id: '33333333-2222-4333-8444-555555555555', title: '03/02/1901 & "aspas"', description: '@@prepaint-title@@', status: 'completed', progress: 250 }),
      row({ id: '44444444-2222-4333-8444-555555555555', status: 'estranho', progress: null, created_at: null as unknown as string }),
    ];
    const { frame, left, settled } = await run({ counts: { body: tallies }, recent: { body: recent } });
    expect(frame.serialize().replace(/<!-- -->/g, '')).toBe(screen('Ana Souza', true, projectCountsOf(tallies), recent));
    expect(left).toEqual({ list: 'dashboard', key: 'summary', userId: USER, rows: [{ counts: projectCountsOf(tallies), recent, firstVisit: true }], total: null, hasMore: false });
    expect(settled).toBe(1);
  });

  it('sem projetos pinta o estado vazio da tela; o nome hostil entra como texto', async () => {
    const name = '<b>Zé</b> & "Cia"';
    const { frame, left } = await run({
      visit: { body: false },
      session: { access_token: TOKEN, user: { id: USER, email: 'ze@exemplo.com.br', user_metadata: { full_name: name } } },
    });
    expect(frame.serialize().replace(/<!-- -->/g, '')).toBe(screen(name, false, projectCountsOf([]), []));
    expect(left?.rows).toEqual([{ counts: projectCountsOf([]), recent: [], firstVisit: false }]);
  });

  it('numa segunda visita pinta logo o que este usuário viu por último, "de volta", sem ler as respostas', async () => {
    const counts = { total: 1, completed: 0, inProgress: 1, pending: 0 };
    const kept = { userId: USER, lists: { dashboard: { key: 'summary', rows: [{ counts, recent: [row({})] }], total: null, hasMore: false } } };
    const { frame, read, settled } = await run({ kept, session: { access_token: TOKEN, user: { id: USER, email: 'ana@exemplo.com.br' } } });
    expect(frame.serialize().replace(/<!-- -->/g, '')).toBe(screen('ana@exemplo.com.br', false, counts, [row({})]));
    expect(read).toBe(0);
    expect(settled).toBe(1);
    const other = await run({ kept: { ...kept, userId: 'outro-usuario' } });
    expect(other.read, 'kept rows of another user are never painted').toBe(3);
  });

  it('não pinta nada além do nome nem deixa dados quando falta uma condição, e solta as ilhas uma vez', async () => {
    const framed = markup(createElement(DashboardFrame));
    const cases = {
      'sem sessão': await run({ session: null }),
      'com query string': await run({ search: '?x=1' }),
      'ilha já iniciada': await run({ started: true }),
      'sem o pedido da visita': await run({ visit: null }),
      'sem o pedido das contagens': await run({ counts: null }),
      'sem o pedido dos recentes': await run({ recent: null }),
      'visita com erro': await run({ visit: { status: 500, body: { message: 'x' } } }),
      'contagens com erro': await run({ counts: { status: 401, body: { message: 'x' } } }),
      'contagens que não são lista': await run({ counts: { body: { total: 3 } } }),
      'recentes que não são lista': await run({ recent: { body: null } }),
      'linha inválida': await run({ recent: { body: [row({}), null] } }),
      'guardado quebrado': await run({ kept: { userId: USER, lists: { dashboard: { key: 'summary', rows: [{ counts: { total: 'x' } }] } } } }),
    };
    for (const [name, result] of Object.entries(cases)) {
      const html = result.frame.serialize().replace(/<!-- -->/g, '');
      expect(html, name).not.toContain('Total de Projetos</p><p class="min-h-8 text-2xl font-bold leading-8 tabular-nums text-slate-900 [overflow-wrap:anywhere]">');
      expect(html, name).toContain('invisible');
      expect(result.left, name).toBeUndefined();
      expect(result.settled, `${name}: the islands are let go`).toBe(1);
    }
    // Only the name is ever written before the checks on the answers.
    expect(cases['ilha já iniciada'].frame.serialize().replace(/<!-- -->/g, '')).toBe(framed.replace(/^<div[^>]*>|<\/div>$/g, ''));
  });
});
