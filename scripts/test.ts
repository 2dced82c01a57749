// `npm test`: every test. Vitest (tests/unit, tests/db, tests/api, tests/local-supabase), with the e2e site built beside
// it, then Playwright (tests/e2e) even when Vitest failed, so one run shows everything. Exits non-zero if either
// failed; the last line sums both runners.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<number> {
  return new Promise((done) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', () => done(1));
    child.on('exit', (code, signal) => done(signal ? 1 : (code ?? 1)));
  });
}

function readJson(file: string): Record<string, any> | null {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  } catch {
    return null;
  }
}

const bin = (name: string) => resolve(ROOT, 'node_modules', '.bin', name);
const tmp = mkdtempSync(join(tmpdir(), 'portal-ia-test-'));
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
let ok = true;

// 1. Vitest, while the e2e site is built beside it (Vitest's API suites spend much of their time waiting on timers and
// sockets, so the build mostly fills idle cores; if it fails, Playwright's global setup builds again and says why).
const vitestJson = join(tmp, 'vitest.json');
const template = run(bin('tsx'), ['scripts/e2e-template.ts']);
const vitestRetried = join(tmp, 'vitest-retried.txt');
const vitestCode = await run(
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', '--reporter=./scripts/lib/vitest-retried.ts', `--outputFile.json=${vitestJson}`],
  { VITEST_RETRIED_FILE: vitestRetried },
);
const retried = existsSync(vitestRetried) ? readFileSync(vitestRetried, 'utf8').split('\n').filter(Boolean) : [];
await template;
const v = readJson(vitestJson);
if (v) {
  total.passed += v.numPassedTests ?? 0;
  total.failed += v.numFailedTests ?? 0;
  total.skipped += (v.numPendingTests ?? 0) + (v.numTodoTests ?? 0);
}
// Vitest's failures, kept to be named again at the end: CI logs often keep only the last lines.
const vitestFailures: string[] = [];
for (const file of v?.testResults ?? []) {
  const name = String(file.name ?? '').replace(ROOT, '');
  for (const t of file.assertionResults ?? []) {
    if (t.status !== 'failed') continue;
    // The error's first line too: the failing assertion or the database's message is what a reader needs first.
    const why = String(t.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 300);
    vitestFailures.push(`${name} › ${t.fullName ?? t.title}${why ? `\n      ${why}` : ''}`);
  }
  if (file.status === 'failed' && !(file.assertionResults ?? []).some((t: any) => t.status === 'failed')) {
    vitestFailures.push(`${name} (a suíte não carregou: ${String(file.message ?? '').split('\n')[0]})`);
  }
}
if (vitestCode !== 0 || !v) {
  ok = false;
  // A suite that failed to load counts as a failure even when no test inside it ran.
  if (!v || (v.numFailedTests ?? 0) === 0) total.failed += Math.max(1, v?.numFailedTestSuites ?? 1);
}

// 2. Playwright
const pwJson = join(tmp, 'playwright.json');
const pwCode = await run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson });
const p = readJson(pwJson);
if (p?.stats) {
  total.passed += (p.stats.expected ?? 0) + (p.stats.flaky ?? 0);
  total.failed += p.stats.unexpected ?? 0;
  total.skipped += p.stats.skipped ?? 0;
}
if (pwCode !== 0 || !p?.stats) {
  ok = false;
  if (!p?.stats || (p.stats.unexpected ?? 0) === 0) total.failed += 1; // global setup or the runner itself failed
}

rmSync(tmp, { recursive: true, force: true });
console.log('');
const flaky = p?.stats?.flaky ?? 0;
console.log(`Vitest: ${vitestCode === 0 ? 'ok' : 'FALHOU'}; Playwright: ${pwCode === 0 ? 'ok' : 'FALHOU'}`);
for (const f of vitestFailures) console.log(`  Vitest falhou: ${f}`);
// Like Playwright's flaky tests: passed on CI's retry, counted as passed, named so they are not forgotten.
if (retried.length > 0) console.log(`Vitest: ${retried.length} teste(s) instável(is), aprovado(s) só na segunda tentativa:`);
for (const r of retried) console.log(`  ${r}`);
// A test that failed once and passed on the CI retry counts as passed, but is named here so it is not forgotten.
if (flaky > 0) console.log(`Playwright: ${flaky} teste(s) instável(is), aprovado(s) só na segunda tentativa (veja a lista acima)`);
console.log(`${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(ok ? 0 : 1);
