// Every chart of 'Analytics e Relatórios' says what its colours are (a legend under it), and the money axis of
// 'Financeiro' reads as one short pt-BR label per tick ('R$ 1,2 mil'), never 'R$' on a line of its own or cut off, at
// a phone's width and a desktop's. The legend is decorative like the chart (the table beside it holds the same
// labels and numbers), so it is read from the DOM, not from the accessibility tree. The figures RPCs of projects
// and of received payments are answered by stand-ins with large amounts.
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const PLAN_REVENUE = { essential: 1998, advanced: 12_987, premium: 1_234_567, enterprise: 0 };

const projectRows = [
  ...Object.entries(PLAN_REVENUE).map(([key, revenue]) => ({ dimension: 'plan', key, count: 3, average_progress: 50, monthly_revenue: revenue })),
  { dimension: 'plan', key: null, count: 1, average_progress: null, monthly_revenue: 0 },
  { dimension: 'status', key: 'pending', count: 2, average_progress: 0, monthly_revenue: 0 },
  { dimension: 'status', key: 'in-progress', count: 8, average_progress: 50, monthly_revenue: 1_249_552 },
  { dimension: 'status', key: 'completed', count: 3, average_progress: 100, monthly_revenue: 0 },
];

/** Twelve months of received payments, in centavos, from zero to over a million reais. */
const RECEIVED_CENTS = [0, 199_800, 1_298_700, 123_456_700, 0, 50_000, 0, 0, 4_999_900, 100, 0, 77_700];
const receivedRows = RECEIVED_CENTS.map((cents, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}-01`,
  received_cents: cents,
  paid_count: cents > 0 ? 2 : 0,
}));

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  return page.getByRole('tabpanel', { name });
}

for (const width of [390, 1280]) {
  test(`cada gráfico de analytics tem legenda e o eixo de Financeiro mostra reais curtos inteiros (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.route('**/rest/v1/rpc/admin_analytics_projects**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(projectRows) }),
    );
    await page.route('**/rest/v1/rpc/admin_analytics_received**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(receivedRows) }),
    );
    await loginAs(page, 'admin', '/admin/analytics');

    const overview = await openTab(page, 'Visão Geral');
    await expect(overview.getByTestId('bar-chart')).toBeVisible({ timeout: 30_000 });
    await expect(overview.getByTestId('chart-legend').locator('li')).toHaveText(['Novos clientes', 'Novos projetos', 'Novos tickets']);
    const swatches = await overview.getByTestId('chart-legend').locator('li span:first-child').evaluateAll((els) =>
      els.map((el) => getComputedStyle(el).backgroundColor),
    );
    expect(new Set(swatches).size, 'uma cor por série').toBe(3);

    const clients = await openTab(page, 'Clientes');
    for (const chart of await clients.getByTestId('donut-chart').all()) {
      await expect(chart.locator('xpath=..').getByTestId('chart-legend').locator('li').first()).toBeVisible();
    }

    const projects = await openTab(page, 'Projetos');
    await expect(projects.getByTestId('donut-chart')).toHaveCount(2);
    await expect(projects.getByTestId('chart-legend').first().locator('li')).toHaveText(['Pendente: 2', 'Em andamento: 8', 'Concluído: 3']);

    const financial = await openTab(page, 'Financeiro');
    const chart = financial.getByTestId('bar-chart');
    await expect(chart.locator('.recharts-yAxis-tick-labels text').first()).toBeAttached({ timeout: 30_000 });
    await expect(financial.getByTestId('chart-legend').locator('li')).toHaveText(['Receita mensal']);
    const ticks = await chart.evaluate((root) => {
      const svg = root.querySelector('svg')!.getBoundingClientRect();
      return [...root.querySelectorAll('.recharts-yAxis-tick-labels text')].map((text) => {
        const box = text.getBoundingClientRect();
        return { label: text.textContent, lines: text.querySelectorAll('tspan').length, inside: box.left >= svg.left - 0.5 };
      });
    });
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) {
      expect(tick.label).toMatch(/^R\$ \d{1,3}(,\d)?( mil| mi)?$/);
      expect(tick, tick.label ?? '').toMatchObject({ lines: expect.any(Number), inside: true });
      expect(tick.lines).toBeLessThanOrEqual(1);
    }
    expect(ticks.map((t) => t.label)).toContain('R$ 0');
  });
}
