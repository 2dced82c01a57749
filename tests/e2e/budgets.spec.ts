// Byte budgets of the build the e2e suite runs against: exact gzip sizes of what each page loads before the
// user scrolls or clicks (scripts/lib/page-weight.ts says precisely what counts).
import { builtPages, pageWeight } from '../../scripts/lib/page-weight.ts';
import { e2eEnv, expect, test } from './fixtures';

const KB = 1024;
const PUBLIC_PAGES = ['/', '/login', '/register', '/forgot-password', '/reset-password', '/confirm-email', '/404'];
const SIGNED_IN_PAGES = (pages: string[]) => pages.filter((p) => !PUBLIC_PAGES.includes(p));

test.describe('orçamento de bytes do build (gzip)', () => {
  test('o JavaScript inicial de cada página pública cabe em 20 KB', () => {
    const { distDir } = e2eEnv();
    for (const page of PUBLIC_PAGES) {
      const { jsGzip, scripts } = pageWeight(distDir, page);
      expect(jsGzip, `${page}: ${(jsGzip / KB).toFixed(1)} KB em ${scripts.join(', ')}`).toBeLessThanOrEqual(20 * KB);
    }
  });

  test('o CSS de cada página cabe em 12 KB', () => {
    const { distDir } = e2eEnv();
    for (const page of builtPages(distDir)) {
      const { cssGzip } = pageWeight(distDir, page);
      expect(cssGzip, `${page}: ${(cssGzip / KB).toFixed(1)} KB de CSS`).toBeLessThanOrEqual(12 * KB);
    }
  });

  // 126 KB since the project page gained the contracted plan, the cancellation request and tabs in the address
  // (125,6 KB on /projects/{id}; it was 125 KB before them); 127 KB since every sidebar gained the notification bell,
  // whose own code loads after the first data: what stays in the first load is its slot and the list of files the
  // lazy chunk needs (126,2 KB on /projects/{id}); 129 KB since the project page's documents share the upload code
  // with ticket attachments, its tabs update live, the client's sidebar gained 'Faturas' with the amount owed and the
  // screens follow the agency's name from settings (128,8 KB on /projects/{id}; the billing desk's dialogs load when
  // opened); 130 KB since the hooks that call data moved beside the islands and the sidebar's amount owed updates
  // live: the page chunks regrouped and one now carries the preload list of the project page's lazy dialogs
  // (129,9 KB on /projects/{id}). Icons imported one file each rather than through the package's index, which had put
  // every icon of the site in the chunk all signed-in pages load, brought /projects/{id} back to 127,8 KB.
  test('o JavaScript inicial de cada tela logada cabe em 130 KB', () => {
    const { distDir } = e2eEnv();
    const pages = SIGNED_IN_PAGES(builtPages(distDir));
    expect(pages).toContain('/dashboard');
    for (const page of pages) {
      const { jsGzip } = pageWeight(distDir, page);
      expect(jsGzip, `${page}: ${(jsGzip / KB).toFixed(1)} KB`).toBeLessThanOrEqual(130 * KB);
    }
  });

  test('o recharts fica fora do JavaScript inicial de toda página, inclusive /my-clients', () => {
    const { distDir } = e2eEnv();
    for (const page of builtPages(distDir)) {
      const { scripts } = pageWeight(distDir, page);
      const chart = scripts.filter((s) => /recharts|DonutChart|PieChart|BarChart/i.test(s));
      expect(chart, `${page} carrega o gráfico de início`).toEqual([]);
    }
  });
});
