// The inline script that paints the projects list's first cards from the early answer, run in a sandbox with a small
// stand-in for the DOM: the card templates are the screen's own card rendered by React, and a filled card must come out
// as React renders the same row. Also: the date it writes equals formatDate's in several time zones, it paints
// nothing (and leaves nothing for the list) whenever one of its conditions fails, and it lets the held islands start
// exactly once either way.
import { runInNewContext } from 'node:vm';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ProjectListItem } from '../../src/components/projects/ProjectListParts';
import { PROJECT_LIST, projectListKey } from '../../src/components/projects/handover-keys';
import { USER_SLOT } from '../../src/lib/data/early-requests';
import type { Project } from '../../src/lib/data/projects';
import { SUPABASE_URL } from '../../src/lib/data/session-key';
import { formatDate } from '../../src/lib/domain/format';
import { PROJECT_STATUSES } from '../../src/lib/domain/project-rules';
import { STORAGE_KEY as LAST_ROWS_KEY } from '../../src/lib/stores/last-rows';
import { prepaintCardsScript } from '../../src/lib/public/prepaint-cards';
import { FMT_DATE, placeholderProject } from '../../src/lib/public/prepaint';
import { El, parseInto } from './support/mini-dom';
import { TEST_TOKEN, TEST_USER, projectRow, runPrepaint } from './support/prepaint-run';

const USER = TEST_USER;
const TOKEN = TEST_TOKEN;
const PATH = `rest/v1/projects?select=*&user_id=eq.${USER_SLOT}&order=created_at.desc%2Cid.desc&offset=0&limit=3`;
const PAGE = 2;

const itemMarkup = (project: Project) => renderToString(createElement(ProjectListItem, { project }));
/** React's markup with its separators between adjacent texts removed (they are not content). */
const normal = (html: string) => html.replace(/<!-- -->/g, '');

const placeholder = placeholderProject;

/** The page as the build writes it: the island with the frame's grid, then one template per status. */
function page() {
  const body = new El('body');
  body.connected = true;
  const island = new El('astro-island');
  island.setAttribute('ssr', '');
  const frame = new El('div');
  frame.setAttribute('data-screen-fallback', '');
  const grid = new El('ul');
  grid.setAttribute('data-prepaint-grid', '');
  frame.append(grid);
  island.append(frame);
  body.append(island);
  for (const status of [...PROJECT_STATUSES, '']) {
    const t = new El('template');
    t.setAttribute('data-prepaint-card', status);
    t.content = parseInto(new El('#fragment'), itemMarkup(placeholder(status)));
    body.append(t);
  }
  return { body, island, grid };
}

interface Early {
  key: string;
  authorization: string;
  response: Promise<unknown>;
}

/** Runs the script in a sandbox: the stored session, the address, the early entries; returns what it left. */
async function run(opts: {
  rows?: unknown;
  status?: number;
  session?: unknown;
  search?: string;
  started?: boolean;
  /** What lib/stores/last-rows keeps in localStorage. */
  kept?: unknown;
  entries?: (response: Promise<unknown>) => Early[];
}) {
  const { body, island, grid } = page();
  if (opts.started) island.attrs.delete('ssr');
  let clonesRead = 0;
  const response = Promise.resolve({
    ok: (opts.status ?? 200) < 300,
    clone: () => ({ json: async () => (clonesRead++, opts.rows) }),
  });
  const url = `http://localhost:4321/${PATH.split(USER_SLOT).join(USER)}`;
  const entries = opts.entries
    ? opts.entries(response)
    : [{ key: `GET ${url}\naccept:\n\n`, authorization: `Bearer ${TOKEN}`, response }];
  const script = prepaintCardsScript({ apiUrl: SUPABASE_URL, requestPath: PATH, list: PROJECT_LIST, key: projectListKey('', ''), pageSize: PAGE });
  const { left, settled } = await runPrepaint(script, {
    body,
    pathname: '/projects',
    search: opts.search,
    session: opts.session,
    local: opts.kept ? { [LAST_ROWS_KEY]: JSON.stringify(opts.kept) } : {},
    entries,
  });
  return { grid, left, clonesRead, settled: settled() };
}

const row = projectRow;

describe('cartões pintados antes da ilha em /projects', () => {
  const tz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = tz;
  });

  it('um cartão preenchido é igual ao que o React desenha para a mesma linha, em todos os status', async () => {
    const rows = [
      row({}),
      row({ id: 'a2', status: 'pending', progress: 0, description: null, plan: 'enterprise', monthly_price: null }),
      row({ id: 'a3', status: 'completed', progress: 100, title: '<b>Título & "aspas"</b>', plan: null, monthly_price: 12500.5 }),
      row({ id: 'a4', status: 'in-progress', progress: null, plan: null, monthly_price: null }),
      row({ id: 'a7', status: 'pending', plan: '__proto__', monthly_price: '1999' as unknown as number }),
      row({ id: 'a5', status: 'arquivado', progress: 57.6, created_at: '2024-12-31' }),
      row({ id: 'a6', status: 'completed', progress: 140, created_at: 'data inválida' }),
    ];
    for (const r of rows) {
      const { grid, left, settled } = await run({ rows: [r] });
      expect(grid.children).toHaveLength(1);
      expect(normal(grid.serialize())).toBe(normal(itemMarkup(r)));
      expect(left).toEqual({ list: PROJECT_LIST, key: projectListKey('', ''), userId: USER, rows: [r], total: null, hasMore: false });
      expect(settled, 'the islands are let go once, after the cards').toBe(1);
    }
  });

  it('pinta no máximo uma página e diz se há mais, como a lista', async () => {
    const rows = [row({ id: 'b1' }), row({ id: 'b2' }), row({ id: 'b3' })];
    const { grid, left, clonesRead } = await run({ rows });
    expect(grid.children).toHaveLength(PAGE);
    expect(left?.rows).toEqual(rows.slice(0, PAGE));
    expect(left?.hasMore).toBe(true);
    expect(clonesRead).toBe(1); // the REST client keeps the body of the response itself
  });

  it('numa segunda visita pinta logo as linhas guardadas para o mesmo usuário, sem esperar a resposta', async () => {
    const kept = [row({ id: 'k1', title: 'Guardado' })];
    const keptFor = (userId: string, key = projectListKey('', '')) => ({
      userId,
      lists: { [PROJECT_LIST]: { key, rows: kept, total: 7, hasMore: true } },
    });
    const fresh = [row({ id: 'f1', title: 'Resposta nova' })];
    const mine = await run({ rows: fresh, kept: keptFor(USER) });
    expect(normal(mine.grid.serialize())).toBe(normal(itemMarkup(kept[0]!)));
    expect(mine.left).toEqual({ list: PROJECT_LIST, key: projectListKey('', ''), userId: USER, rows: kept, total: 7, hasMore: true });
    expect(mine.clonesRead, 'the answer is left to the list').toBe(0);
    expect(mine.settled).toBe(1);
    for (const other of [keptFor('outro-usuario'), keptFor(USER, 'busca|')]) {
      const r = await run({ rows: fresh, kept: other });
      expect(normal(r.grid.serialize())).toBe(normal(itemMarkup(fresh[0]!)));
    }
  });

  it('não pinta nada nem deixa linhas quando falta uma condição', async () => {
    const one = [row({})];
    const cases = {
      'resposta de erro': await run({ rows: { message: 'erro' }, status: 500 }),
      'lista vazia': await run({ rows: [] }),
      'resposta que não é lista': await run({ rows: { id: 'x' } }),
      'com query string': await run({ rows: one, search: '?q=1' }),
      'sem sessão': await run({ rows: one, session: null }),
      'sessão incompleta': await run({ rows: one, session: { access_token: TOKEN } }),
      'ilha já iniciada': await run({ rows: one, started: true }),
      'pedido com outro token': await run({
        rows: one,
        entries: (response) => [{ key: `GET http://x/${PATH.split(USER_SLOT).join(USER)}\n`, authorization: 'Bearer outro', response }],
      }),
      'pedido de outro usuário': await run({
        rows: one,
        entries: (response) => [{ key: `GET http://x/${PATH.split(USER_SLOT).join('outro-usuario')}\n`, authorization: `Bearer ${TOKEN}`, response }],
      }),
      'sem pedido antecipado': await run({ rows: one, entries: () => [] }),
      'linha inválida': await run({ rows: [row({}), null] }),
    };
    for (const [name, result] of Object.entries(cases)) {
      expect(result.grid.children, name).toHaveLength(0);
      expect(result.left, name).toBeUndefined();
      expect(result.settled, `${name}: the islands are let go`).toBe(1);
    }
  });

  it('a data escrita pelo script é a de formatDate em vários fusos horários', () => {
    const values = [
      '2025-03-10T14:30:00+00:00',
      '2025-01-01T00:30:00Z',
      '2024-12-31T23:59:59.999Z',
      '2025-06-15T02:00:00-03:00',
      '2024-02-29T12:00:00+14:00',
      '2024-12-31',
      '0099-05-04T10:00:00Z',
      '',
      'não é data',
      null,
    ];
    const seen = new Set<string>();
    for (const zone of ['UTC', 'America/Sao_Paulo', 'America/Noronha', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      process.env.TZ = zone;
      const sandbox: Record<string, unknown> = {};
      runInNewContext(`${FMT_DATE}this.fmtDate=fmtDate;`, sandbox);
      const fmtDate = sandbox.fmtDate as (v: unknown) => string;
      for (const v of values) expect(fmtDate(v), `${zone} ${v}`).toBe(formatDate(v));
      seen.add(formatDate('2025-01-01T00:30:00Z'));
    }
    expect(seen).toEqual(new Set(['01/01/2025', '31/12/2024'])); // the zones did change the day
  });
});

describe('linhas pintadas entregues à primeira renderização da lista', () => {
  const g = globalThis as { window?: unknown; __prepaintedRows?: unknown };
  const left = { list: PROJECT_LIST, key: '|', userId: USER, rows: [{ id: 'r1' }], total: null, hasMore: true };
  afterEach(() => {
    delete g.window;
    delete g.__prepaintedRows;
  });

  it('só para o mesmo usuário, a mesma lista e os mesmos filtros, até a tela esquecê-las depois de desenhar', async () => {
    const { forgetPrepaintedRows, prepaintedRows } = await import('../../src/lib/stores/prepainted-rows');
    g.window = globalThis;
    g.__prepaintedRows = left;
    expect(prepaintedRows('outra-lista', USER, '|')).toBeNull();
    expect(g.__prepaintedRows).toBe(left); // another list's hook does not consume them
    const expected = { key: '|', rows: [{ id: 'r1' }], total: null, hasMore: true };
    expect(prepaintedRows(PROJECT_LIST, USER, '|')).toEqual(expected);
    // A first render React starts over before committing it reads them again.
    expect(prepaintedRows(PROJECT_LIST, USER, '|')).toEqual(expected);
    forgetPrepaintedRows('outra-lista');
    expect(prepaintedRows(PROJECT_LIST, USER, '|')).toEqual(expected);
    forgetPrepaintedRows(PROJECT_LIST);
    expect(prepaintedRows(PROJECT_LIST, USER, '|')).toBeNull();
    for (const [user, key] of [['outro-usuario', '|'], [null, '|'], [USER, 'busca|']] as const) {
      g.__prepaintedRows = left;
      expect(prepaintedRows(PROJECT_LIST, user, key), `${user} ${key}`).toBeNull();
      expect(g.__prepaintedRows).toBeUndefined(); // dropped: never shown later either
    }
  });
});
