// @vitest-environment happy-dom
// The dashboard's pre-paint in a real DOM (happy-dom): the boot script compiled as the build compiles it, run on the
// page as the build writes it (the island with DashboardFrame, then the fill templates of PaintDashboard.astro). The
// filled dashboard must be the markup React draws for the same figures; hostile values stay text; another account's
// kept figures are never painted; an answer that is not OK or not what the screen reads paints nothing and lets the
// islands go, once.
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bootScript } from '../../src/boot/compile';
import { TEMPLATES, type PaintDashboardConfig } from '../../src/boot/paint-dashboard';
import { DashboardCounts, DashboardFrame, DashboardHeader, RecentItem, RecentSection } from '../../src/components/dashboard/DashboardParts';
import { TEMPLATE_PROJECT, type ProjectCardRow } from '../../src/components/projects/project-card-fill';
import { FillTemplate } from '../../src/components/ui/Shown';
import { projectCountsOf, type ProjectCounts } from '../../src/lib/domain/project-rules';
import { STORAGE_KEY as LAST_ROWS_KEY } from '../../src/lib/stores/last-rows';
import { USER_SLOT } from '../../src/lib/util/request-slots';

const API = 'http://127.0.0.1:54321';
const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const TOKEN = 'token-a';
const REQUESTS: PaintDashboardConfig['requests'] = [
  { method: 'POST', path: 'rest/v1/rpc/record_dashboard_visit' },
  { method: 'POST', path: 'rest/v1/rpc/project_status_counts' },
  { method: 'GET', path: `rest/v1/projects?select=*&user_id=eq.${USER_SLOT}&order=created_at.desc&limit=5` },
];
const CONFIG: PaintDashboardConfig = {
  requests: REQUESTS,
  recentCount: 3,
  list: 'dashboard',
  key: 'summary',
};
const script = bootScript('paint-dashboard', CONFIG);

const row = (over: Partial<ProjectCardRow>): ProjectCardRow => ({
  ...TEMPLATE_PROJECT,
  id: crypto.randomUUID(),
  title: 'Chatbot',
  description: 'Atendimento',
  created_at: '2025-03-04T12:00:00Z',
  progress: 40,
  ...over,
});
const ROWS = [
  row({ plan: 'advanced', monthly_price: 999 }),
  row({ title: '<img src=x onerror=alert(1)>', description: '<script>x()</script>', status: 'pending', progress: null }),
  row({ status: 'completed', progress: 140, description: null, plan: 'enterprise' }),
  row({ status: 'estranho', progress: null, created_at: '' }),
];
const TALLIES = [
  { status: 'in-progress', count: 2 },
  { status: 'pending', count: '1' },
  { status: 'completed', count: 4 },
  { status: 'outro', count: 3 },
];

/** Markup with style attributes written the way the DOM writes them, so React's and the DOM's compare as equal. */
function normal(el: Element): string {
  for (const s of el.querySelectorAll<HTMLElement>('[style]')) s.setAttribute('style', s.style.cssText);
  return el.innerHTML.replace(/<!-- -->/g, '');
}
/** What the screen draws inside its layout for these figures. */
function screen(name: string, firstVisit: boolean, counts: ProjectCounts, recent: ProjectCardRow[]): string {
  const box = document.createElement('div');
  box.innerHTML = [
    createElement(DashboardHeader, { name, firstVisit }),
    createElement(DashboardCounts, { counts, failed: false }),
    createElement(RecentSection, { recent, onPick: () => undefined }),
  ]
    .map((el) => renderToStaticMarkup(el))
    .join('');
  return normal(box);
}
const FRAME = renderToString(createElement(DashboardFrame));

describe('a pré-pintura do painel (script compilado, no DOM)', () => {
  let settled = 0;
  beforeEach(() => {
    settled = 0;
    localStorage.clear();
    const template = (name: string, el: ReactElement) =>
      `<template data-fill-template="${name}">${renderToStaticMarkup(createElement(FillTemplate, null, el))}</template>`;
    document.body.innerHTML =
      `<main><astro-island ssr="">${FRAME}</astro-island></main>` +
      template(TEMPLATES.recent, createElement(RecentSection, { recent: [] })) +
      template(TEMPLATES.card, createElement(RecentItem, { project: TEMPLATE_PROJECT }));
    window.__prepaintSettle = () => void (settled += 1);
    delete window.__prepaintedRows;
    signIn({ email: 'ana@exemplo.com.br', user_metadata: { full_name: ' Ana Souza ' } });
  });
  afterEach(() => {
    delete window.__earlyRequests;
    delete window.__bootSession;
  });

  const signIn = (user: Record<string, unknown>) =>
    window.__bootSession = { access_token: TOKEN, refresh_token: 'r', user: { id: USER, ...user } };
  const keep = (userId: string, figures: unknown) =>
    localStorage.setItem(LAST_ROWS_KEY, JSON.stringify({ userId, lists: { dashboard: { key: 'summary', rows: [figures], total: null, hasMore: false } } }));
  type Answer = { status?: number; body: unknown } | null | 'pending';
  /** The early answers: the visit record, the counts, the recent projects (null: not sent; 'pending': never answered). */
  const answer = (visit: Answer, tallies: Answer, recent: Answer, authorization = `Bearer ${TOKEN}`) => {
    window.__earlyRequests = [visit, tallies, recent].flatMap((a, i) => {
      if (a === null) return [];
      const { method, path } = REQUESTS[i]!;
      const response =
        a === 'pending' ? new Promise<Response>(() => undefined) : Promise.resolve(new Response(JSON.stringify(a.body), { status: a.status ?? 200 }));
      return [{ key: `${method} ${API}/${path.replace(USER_SLOT, USER)}\naccept:application/json`, recorded: `${method} ${path}`, authorization, response }];
    });
  };
  const frame = () => document.querySelector('[data-prepaint-dashboard]')!;
  const run = () => new Function(script)();
  const until = async (f: () => boolean) => {
    for (let i = 0; i < 50 && !f(); i++) await new Promise((r) => setTimeout(r, 10));
  };
  /** The frame as the build wrote it, with only the name written in. */
  const onlyName = (name: string) => {
    const box = document.createElement('div');
    box.innerHTML = FRAME;
    const who = box.querySelector('h1 span[title]')!;
    who.textContent = name;
    who.setAttribute('title', name);
    return normal(box.firstElementChild!);
  };

  it('na primeira visita pinta saudação, contagens e recentes como a tela os desenha, e os entrega à ilha', async () => {
    answer({ body: true }, { body: TALLIES }, { body: ROWS });
    run();
    await until(() => settled > 0);
    const recent = ROWS.slice(0, 3);
    expect(normal(frame())).toBe(screen('Ana Souza', true, projectCountsOf(TALLIES), recent));
    expect(frame().querySelector('img, script')).toBeNull();
    expect(frame().querySelector('h1')!.textContent).toBe('Bem-vindo(a), Ana Souza!');
    expect(window.__prepaintedRows).toEqual({
      list: 'dashboard',
      key: 'summary',
      userId: USER,
      rows: [{ counts: projectCountsOf(TALLIES), recent, firstVisit: true }],
      total: null,
      hasMore: false,
    });
    expect(settled).toBe(1);
  });

  it('sem projetos pinta o estado vazio; um nome hostil continua texto', async () => {
    const name = '<b>Zé</b> & "Cia"';
    signIn({ email: 'ze@exemplo.com.br', user_metadata: { full_name: name } });
    answer({ body: false }, { body: [] }, { body: [] });
    run();
    await until(() => settled > 0);
    expect(normal(frame())).toBe(screen(name, false, projectCountsOf([]), []));
    expect(frame().querySelector('b')).toBeNull();
    expect(frame().textContent).toContain('Nenhum projeto encontrado');
    expect(frame().querySelector('a[href="/projects"][data-fill-if="any"]')).toBeNull();
  });

  it('escreve o nome de imediato e, numa segunda visita, logo o que este usuário viu por último, "de volta"', async () => {
    answer('pending', 'pending', 'pending');
    signIn({ email: 'ana@exemplo.com.br' });
    run();
    expect(normal(frame())).toBe(onlyName('ana@exemplo.com.br'));
    expect(settled).toBe(0);

    const counts = { total: 1, completed: 0, inProgress: 1, pending: 0 };
    keep(USER, { counts, recent: [ROWS[0]] });
    document.querySelector('astro-island')!.innerHTML = FRAME;
    run();
    expect(normal(frame())).toBe(screen('ana@exemplo.com.br', false, counts, [ROWS[0]!]));
    expect(window.__prepaintedRows?.rows).toEqual([{ counts, recent: [ROWS[0]], firstVisit: false }]);
    await until(() => settled > 0);
    expect(settled).toBe(1);
  });

  it('nunca pinta o que outra conta viu por último: espera as respostas desta', async () => {
    keep(OTHER, { counts: { total: 9, completed: 9, inProgress: 0, pending: 0 }, recent: [row({ title: 'Projeto da outra conta' })] });
    answer({ body: false }, { body: TALLIES }, { body: [ROWS[2]] });
    run();
    expect(frame().textContent).not.toContain('Projeto da outra conta');
    await until(() => settled > 0);
    expect(frame().textContent).not.toContain('Projeto da outra conta');
    expect(normal(frame())).toBe(screen('Ana Souza', false, projectCountsOf(TALLIES), [ROWS[2]!]));
  });

  it('não pinta nada além do nome, nem deixa dados, quando falta uma condição ou uma resposta não serve; solta as ilhas uma vez', async () => {
    const ok = { body: [] };
    const cases: Record<string, () => void> = {
      'sem o pedido da visita': () => answer(null, ok, ok),
      'sem o pedido dos recentes': () => answer(ok, ok, null),
      'respostas feitas com o token de outra conta': () => answer(ok, ok, ok, 'Bearer outra-conta'),
      'visita com erro': () => answer({ status: 500, body: { message: 'x' } }, ok, ok),
      'contagens com erro': () => answer(ok, { status: 401, body: { message: 'x' } }, ok),
      'contagens que não são lista': () => answer(ok, { body: { total: 3 } }, ok),
      'recentes que não são lista': () => answer(ok, ok, { body: null }),
      'uma linha nula': () => answer(ok, ok, { body: [ROWS[0], null] }),
      'uma linha sem título': () => answer(ok, ok, { body: [{ id: 'x', status: 'pending' }] }),
      'uma contagem nula': () => answer(ok, { body: [{ status: null, count: 1 }, null] }, ok),
      'figuras guardadas quebradas': () => {
        answer('pending', 'pending', 'pending');
        keep(USER, { counts: { total: 'x', completed: 0, inProgress: 0, pending: 0 }, recent: [] });
      },
      'figuras guardadas sem recentes': () => {
        answer('pending', 'pending', 'pending');
        keep(USER, { counts: { total: 1, completed: 0, inProgress: 0, pending: 0 } });
      },
    };
    for (const [name, arrange] of Object.entries(cases)) {
      settled = 0;
      localStorage.removeItem(LAST_ROWS_KEY);
      document.querySelector('astro-island')!.innerHTML = FRAME;
      arrange();
      run();
      await until(() => settled > 0);
      await new Promise((r) => setTimeout(r, 20));
      expect(normal(frame()), name).toBe(onlyName('Ana Souza'));
      expect(window.__prepaintedRows, name).toBeUndefined();
      expect(settled, `${name}: the islands are let go once`).toBe(1);
    }
  });

  it('sem sessão, com query string ou com a ilha já iniciada, não escreve nada e solta as ilhas', () => {
    answer({ body: true }, { body: TALLIES }, { body: ROWS });
    delete window.__bootSession;
    run();
    expect(settled).toBe(1);
    signIn({ email: 'ana@exemplo.com.br' });
    document.querySelector('astro-island')!.removeAttribute('ssr');
    run();
    expect(settled).toBe(2);
    document.querySelector('astro-island')!.setAttribute('ssr', '');
    history.replaceState(null, '', '/dashboard?x=1');
    run();
    history.replaceState(null, '', '/dashboard');
    expect(settled).toBe(3);
    expect(normal(frame())).toBe(normal(Object.assign(document.createElement('div'), { innerHTML: FRAME }).firstElementChild!));
  });
});
