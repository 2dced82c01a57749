// The landing page's initial JavaScript (before any scroll or click) is at most 20 KB gzip.
import { gzipSync } from 'node:zlib';
import { e2eEnv, expect, test } from './fixtures';
import { pageWeight } from '../../scripts/lib/page-weight.ts';

const BUDGET = 20 * 1024;

test('no build, o JavaScript inicial da landing cabe em 20 KB gzip', () => {
  const report = pageWeight(e2eEnv().distDir, '/');
  expect(report.jsGzip, `JS inicial da landing:\n${report.scripts.join('\n')}`).toBeLessThanOrEqual(BUDGET);
  // The header script is there, loaded right after the first paint (a budget met by shipping nothing would prove nothing).
  expect(report.scripts.some((f) => f.includes('Header'))).toBe(true);
  // supabase-js and React are not loaded up front.
  expect(report.scripts.some((f) => /supabase|react|client\./i.test(f))).toBe(false);
});

test('no navegador, a landing baixa no máximo 20 KB gzip de JavaScript antes de qualquer interação', async ({ page }) => {
  const scripts: Promise<number>[] = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() === 'script' || type.includes('javascript')) {
      scripts.push(res.body().then((b) => gzipSync(b).length).catch(() => 0));
    }
  });
  await page.goto('/', { waitUntil: 'networkidle' });
  // The page's scripts start after its first paint, which on a busy machine can come after the network went idle.
  await expect.poll(() => scripts.length, { timeout: 10_000 }).toBeGreaterThan(0);
  await page.waitForLoadState('networkidle');
  const inline = await page.evaluate(() =>
    [...document.querySelectorAll('script:not([src])')].map((s) => s.textContent ?? '').join('\n'),
  );
  const total = (await Promise.all(scripts)).reduce((a, b) => a + b, 0) + (inline.trim() ? gzipSync(inline).length : 0);
  expect(scripts.length).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(BUDGET);
});
