// npm run bench [-- --runs N]: Lighthouse 12 (mobile preset, simulated throttling) on the site's pages against the
// built site and the local Supabase, each run right after a run of a bare reference page served by the same static
// server, so each page's LCP reads as a ratio to what the machine manages at that moment. Signed-in pages run as the
// demo client or the admin. Then, in Chromium without throttling, the time from navigation to a screen's first data
// row, on a first and a second visit. Prints medians and the goals met or not, writes bench/lighthouse.json and
// exits 0 either way: a benchmark reports, it does not fail a build.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumPath } from './lib/chromium.ts';
import {
  checkGoals,
  checklistLines,
  GOALS,
  lighthouseFigures,
  median,
  medianFigures,
  ratio,
  type LighthouseFigures,
  textTable,
  type PageResult,
} from './lib/bench-figures.ts';
import {
  ACCOUNTS,
  BENCH_PAGES,
  interleave,
  kindOf,
  parseRuns,
  REFERENCE_FILE,
  REFERENCE_HTML,
  REFERENCE_PATH,
  servedPages,
  type Account,
  type Fixtures,
} from './lib/bench-plan.ts';
import { firstRow, firstRowsTimes, launchChromium, signInSession, startBenchStack, storageKey } from './lib/bench-stack.ts';

type Session = Record<string, unknown>;
const FIRST_ROWS_GOAL = GOALS['signed-in'].firstRowsMs ?? 500;

/**
 * The stored session of each account, signed in again when less than 10 minutes of it remain: a full run outlives
 * an access token, and a page refreshing an old one would rotate the refresh token under the following runs.
 */
function sessionKeeper(sign: (account: Account) => Promise<Session>): (account: Account) => Promise<Session> {
  const held = new Map<Account, Session>();
  return async (account) => {
    const current = held.get(account);
    if (current && Number(current.expires_at) * 1000 - Date.now() > 10 * 60_000) return current;
    const fresh = await sign(account);
    held.set(account, fresh);
    return fresh;
  };
}

async function readFixtures(apiUrl: string, publishableKey: string, session: (account: Account) => Promise<Session>): Promise<Fixtures> {
  const latest = 'order=created_at.desc,id.desc&limit=1';
  const project = await firstRow<{ id: string; title: string }>(apiUrl, publishableKey, await session('client'), `projects?select=id,title&${latest}`);
  if (!project) throw new Error('o cliente de demonstração não tem projetos: rode com o seed padrão');
  const ticket = (s: Session) => firstRow<{ subject: string }>(apiUrl, publishableKey, s, `support_tickets?select=subject&${latest}`);
  return {
    project,
    clientTicket: (await ticket(await session('client')))?.subject ?? null,
    latestTicket: (await ticket(await session('admin')))?.subject ?? null,
  };
}

/**
 * One Lighthouse run of `url` on a cold cache. For a signed-in page the stored session is put in place first, as
 * after a login (on a same-origin file that loads no CSS or JS, then the HTTP cache is emptied, so nothing is warm);
 * otherwise Lighthouse empties the storage itself. A run Lighthouse could not finish counts as a missing figure.
 */
async function lighthouseRun(
  browser: Browser,
  port: number,
  siteUrl: string,
  apiUrl: string,
  url: string,
  session: Session | null,
): Promise<{ figures: LighthouseFigures; version?: string }> {
  const page = await browser.newPage();
  await page.goto(`${siteUrl}/favicon.svg`, { waitUntil: 'load' });
  await page.evaluate(
    (key, value) => {
      window.localStorage.clear();
      if (value) window.localStorage.setItem(key, value);
    },
    storageKey(apiUrl),
    session ? JSON.stringify(session) : '',
  );
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await page.close();
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: session !== null,
    });
    if (!result) throw new Error('Lighthouse não devolveu resultado');
    if (result.lhr.runtimeError) console.warn(`  aviso: ${url}: ${result.lhr.runtimeError.message}`);
    return { figures: lighthouseFigures(result.lhr), version: result.lhr.lighthouseVersion };
  } catch (err) {
    console.warn(`  aviso: ${url}: ${(err as Error).message}`);
    return { figures: lighthouseFigures({ runtimeError: err }) };
  }
}

const s = (ms: number) => (Number.isFinite(ms) ? (ms / 1000).toFixed(2) : '—');
const ms = (n: number) => (Number.isFinite(n) ? String(Math.round(n)) : '—');
const kb = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 1024).toFixed(1) : '—');
const fixed = (n: number, digits: number) => (Number.isFinite(n) ? n.toFixed(digits) : '—');
const round = (n: number, digits: number) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);

async function main(): Promise<void> {
  const runs = parseRuns(process.argv.slice(2), process.env);
  console.log('Subindo o Supabase local e o site construído...');
  const stack = await startBenchStack();
  const { backend, site } = stack;
  writeFileSync(join(stack.root, REFERENCE_FILE), REFERENCE_HTML);
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...CHROMIUM_ARGS] });
  try {
    const sign = (a: Account) => signInSession(backend.url, backend.publishableKey, ACCOUNTS[a].email, ACCOUNTS[a].password);
    const session = sessionKeeper(sign);
    const fixtures = await readFixtures(backend.url, backend.publishableKey, session);
    const status = async (path: string) => (await fetch(site.url + path, { method: 'HEAD', redirect: 'manual' })).status;
    const pages = await servedPages(BENCH_PAGES, fixtures, status);
    const absent = BENCH_PAGES.filter((p) => !pages.includes(p)).map((p) => p.label);
    if (absent.length > 0) console.log(`Fora desta medição (o build não tem): ${absent.join(', ')}`);

    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const chromium = await browser.version();
    let lighthouseVersion = '12';
    const own = new Map(pages.map((p) => [p, [] as LighthouseFigures[]]));
    const reference = new Map(pages.map((p) => [p, [] as LighthouseFigures[]]));
    console.log(`Lighthouse: ${runs} execução(ões) por página, cada uma logo depois de uma da página de referência`);
    for (const step of interleave(pages, runs)) {
      const { page } = step;
      const url = site.url + (step.reference ? REFERENCE_PATH : page.path(fixtures));
      const stored = step.reference || !page.account ? null : await session(page.account);
      const run = await lighthouseRun(browser, chrome.port, site.url, backend.url, url, stored);
      lighthouseVersion = run.version ?? lighthouseVersion;
      (step.reference ? reference : own).get(page)?.push(run.figures);
      if (!step.reference) {
        const ref = reference.get(page)?.at(-1);
        console.log(`  [${step.iteration + 1}/${runs}] ${page.label}: LCP ${s(run.figures.lcp)} s (referência ${s(ref?.lcp ?? NaN)} s)`);
      }
    }
    browser.disconnect();

    // First rows as a user sees them (no throttling), pages round robin per iteration.
    const rowPages = pages.filter((p) => p.firstRows);
    const firstRows = new Map(rowPages.map((p) => [p, { first: [] as number[], second: [] as number[] }]));
    const pw = await launchChromium();
    try {
      for (let i = 0; i < runs; i += 1) {
        for (const page of rowPages) {
          const marker = page.firstRows!(fixtures);
          const t = await firstRowsTimes(pw, site.url + page.path(fixtures), backend.url, await session(page.account!), marker);
          firstRows.get(page)!.first.push(t.firstVisit);
          firstRows.get(page)!.second.push(t.secondVisit);
        }
      }
    } finally {
      await pw.close();
    }

    const results = pages.map((page) => {
      const m = medianFigures(own.get(page)!);
      const refLcp = median(reference.get(page)!.map((r) => r.lcp));
      const refTbt = median(reference.get(page)!.map((r) => r.tbt));
      const rows = firstRows.get(page);
      const firstRowsMs = rows && { firstVisit: median(rows.first), secondVisit: median(rows.second) };
      return { page, m, refLcp, refTbt, lcpRatio: ratio(m.lcp, refLcp), firstRowsMs };
    });
    const checks = results.flatMap(({ page, m, lcpRatio, firstRowsMs }) => {
      const r: PageResult = { page: page.label, kind: kindOf(page), score: m.score, lcpRatio, tbt: m.tbt, cls: m.cls };
      return checkGoals(firstRowsMs ? { ...r, firstRows: firstRowsMs } : r);
    });

    const cpus = os.cpus();
    const machine = {
      cores: cpus.length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      cpu: cpus[0]?.model.trim() ?? 'desconhecida',
      node: process.version,
      chromium,
    };
    const allReference = [...reference.values()].flat();
    const report = {
      date: new Date().toISOString(),
      machine,
      lighthouse: `${lighthouseVersion} (mobile preset, simulated throttling)`,
      runsPerPage: runs,
      order: 'each page run right after a reference run; pages in turn within each iteration',
      reference: { path: REFERENCE_PATH, lcp: round(median(allReference.map((r) => r.lcp)), 1), tbt: round(median(allReference.map((r) => r.tbt)), 1) },
      pages: Object.fromEntries(
        results.map(({ page, m, refLcp, refTbt, lcpRatio }) => [
          page.label,
          {
            path: page.path(fixtures),
            signedInAs: page.account ? ACCOUNTS[page.account].email : null,
            score: m.score,
            fcp: round(m.fcp, 1),
            lcp: round(m.lcp, 1),
            tbt: round(m.tbt, 1),
            cls: round(m.cls, 4),
            si: round(m.si, 1),
            jsBytes: m.jsBytes,
            cssBytes: m.cssBytes,
            reference: { lcp: round(refLcp, 1), tbt: round(refTbt, 1) },
            lcpRatio: round(lcpRatio, 3),
          },
        ]),
      ),
      firstRowsMs: Object.fromEntries(
        results
          .filter((r) => r.firstRowsMs)
          .map(({ page, firstRowsMs }) => [
            page.label,
            { marker: page.firstRows!(fixtures), firstVisit: round(firstRowsMs!.firstVisit, 0), secondVisit: round(firstRowsMs!.secondVisit, 0), goal: FIRST_ROWS_GOAL },
          ]),
      ),
      goals: checks,
    };
    mkdirSync('bench', { recursive: true });
    writeFileSync('bench/lighthouse.json', `${JSON.stringify(report, null, 2)}\n`);

    console.log(`\nMedianas de ${runs} execução(ões) (Lighthouse ${lighthouseVersion}, mobile), ${report.date}`);
    console.log(`Máquina: ${machine.cores} × ${machine.cpu}, ${machine.memoryGiB} GiB, Node ${machine.node}, ${machine.chromium}`);
    console.log(
      textTable(
        ['Página', 'Desempenho', 'FCP (s)', 'LCP (s)', 'TBT (ms)', 'CLS', 'ref. LCP (s)', 'ref. TBT (ms)', 'LCP ÷ ref.', 'JS (KB)', 'CSS (KB)'],
        results.map(({ page, m, refLcp, refTbt, lcpRatio }) => [
          page.label,
          fixed(m.score, Number.isInteger(m.score) ? 0 : 1),
          s(m.fcp),
          s(m.lcp),
          ms(m.tbt),
          fixed(m.cls, 3),
          s(refLcp),
          ms(refTbt),
          Number.isFinite(lcpRatio) ? `${lcpRatio.toFixed(2)}×` : '—',
          kb(m.jsBytes),
          kb(m.cssBytes),
        ]),
      ),
    );
    console.log(`\nPrimeiras linhas visíveis (Chromium sem limitação, da navegação; mediana de ${runs}; meta ≤ ${FIRST_ROWS_GOAL} ms):`);
    console.log(
      textTable(
        ['Página', '1ª visita (ms)', '2ª visita (ms)', 'meta (ms)'],
        results
          .filter((r) => r.firstRowsMs)
          .map(({ page, firstRowsMs }) => [page.label, ms(firstRowsMs!.firstVisit), ms(firstRowsMs!.secondVisit), String(FIRST_ROWS_GOAL)]),
      ),
    );
    console.log(`\nMetas (${checks.filter((c) => c.met).length} de ${checks.length} atingidas):`);
    for (const line of checklistLines(checks)) console.log(`  ${line}`);
    console.log('Resultado gravado em bench/lighthouse.json');
  } finally {
    await chrome.kill();
    await stack.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
