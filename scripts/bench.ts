// npm run bench: Lighthouse 12 (mobile preset, simulated throttling) five times on /, /login, and signed in on /dashboard
// and /projects, against the built site and the local Supabase. Prints the medians and writes bench/lighthouse.json.
// Also times, in Chromium without throttling, how long after navigation the signed-in lists show their first row.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, chromiumPath } from './lib/chromium.ts';
import {
  launchChromium,
  median,
  signInSession,
  startBenchStack,
  storageKey,
  timeToVisible,
} from './lib/bench-stack.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PAGES = [
  { path: '/', signedIn: false },
  { path: '/login', signedIn: false },
  { path: '/dashboard', signedIn: true },
  { path: '/projects', signedIn: true },
];

interface RunFigures {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  jsBytes: number;
  cssBytes: number;
}

interface NetworkItem {
  resourceType?: string;
  transferSize?: number;
}

function figures(lhr: any): RunFigures {
  const audit = (id: string) => Number(lhr.audits[id]?.numericValue ?? NaN);
  const items: NetworkItem[] = lhr.audits['network-requests']?.details?.items ?? [];
  const bytes = (type: string) => items.filter((i) => i.resourceType === type).reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    jsBytes: bytes('Script'),
    cssBytes: bytes('Stylesheet'),
  };
}

function medians(runs: RunFigures[]): RunFigures {
  const keys = Object.keys(runs[0]) as (keyof RunFigures)[];
  return Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as unknown as RunFigures;
}

async function main(): Promise<void> {
  console.log('Subindo o Supabase local e o site construído...');
  const stack = await startBenchStack();
  const { backend, site } = stack;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const results: Record<string, RunFigures & { runs: RunFigures[] }> = {};
  try {
    const session = await signInSession(backend.url, backend.anonKey, 'cliente@exemplo.com.br', 'cliente123');
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

    for (const { path, signedIn } of PAGES) {
      const runs: RunFigures[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        // A cold cache every run; for signed-in pages the stored session is put in place first (as after a login).
        // (set on a same-origin file that loads no CSS or JS, then the HTTP cache is emptied, so nothing is warm).
        const page = await browser.newPage();
        await page.goto(`${site.url}/favicon.svg`, { waitUntil: 'load' });
        await page.evaluate(
          (key, value, keep) => {
            window.localStorage.clear();
            if (keep) window.localStorage.setItem(key, value);
          },
          storageKey(backend.url),
          JSON.stringify(session),
          signedIn,
        );
        const cdp = await page.createCDPSession();
        await cdp.send('Network.clearBrowserCache');
        await page.close();
        const result = await lighthouse(`${site.url}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: signedIn,
        });
        if (!result) throw new Error(`Lighthouse não devolveu resultado para ${path}`);
        runs.push(figures(result.lhr));
        process.stdout.write('.');
      }
      results[path] = { ...medians(runs), runs };
      process.stdout.write(` ${path}\n`);
    }
    browser.disconnect();

    // The lists as a user sees them: time from navigation to the first project on screen (no throttling).
    const pw = await launchChromium();
    const listVisible: Record<string, number> = {};
    try {
      for (const path of ['/dashboard', '/projects']) {
        const times: number[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          times.push(await timeToVisible(pw, site.url, backend.url, session, path, 'a:has-text("Ver detalhes")'));
        }
        listVisible[path] = Math.round(median(times));
      }
    } finally {
      await pw.close();
    }

    const report = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
      lighthouse: '12 (mobile preset, simulated throttling)',
      runsPerPage: RUNS,
      pages: Object.fromEntries(Object.entries(results).map(([path, { runs, ...m }]) => [path, m])),
      listVisibleMs: listVisible,
    };
    mkdirSync('bench', { recursive: true });
    writeFileSync('bench/lighthouse.json', `${JSON.stringify(report, null, 2)}\n`);

    console.log(`\nMedianas de ${RUNS} execuções (Lighthouse 12, mobile) — ${report.machine}`);
    console.table(
      Object.fromEntries(
        Object.entries(report.pages).map(([path, m]) => [
          path,
          {
            desempenho: m.score,
            'FCP (s)': (m.fcp / 1000).toFixed(2),
            'LCP (s)': (m.lcp / 1000).toFixed(2),
            'TBT (ms)': Math.round(m.tbt),
            CLS: m.cls.toFixed(3),
            'SI (s)': (m.si / 1000).toFixed(2),
            'JS (KB)': (m.jsBytes / 1024).toFixed(1),
            'CSS (KB)': (m.cssBytes / 1024).toFixed(1),
          },
        ]),
      ),
    );
    console.log('Lista visível após a navegação (Chromium sem limitação, mediana):', listVisible);
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
