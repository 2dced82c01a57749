// The console's figure cards never clip a figure: at every width from a phone to a wide screen, long values (a revenue
// in the millions, six-digit counts) fit their card, shrinking or wrapping. The figures are answered by a stand-in for
// the dashboard RPC, so the values are long whatever the database holds.
import type { Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';

test.describe.configure({ timeout: 120_000 });

const WIDTHS = [390, 768, 1024, 1280, 1440];

const CASES = {
  'a receita do caso relatado (R$ 1.998,00)': { total_clients: 125, active_projects: 34, monthly_revenue: 1998, open_tickets: 5 },
  'valores longos (R$ 1.234.567,89 e contagens de seis dígitos)': {
    total_clients: 123456,
    active_projects: 98765,
    monthly_revenue: 1234567.89,
    open_tickets: 654321,
  },
};

/** For each card value: its text's box inside the value's box and the card's, nothing scrolled, and the font size. */
async function measure(page: Page) {
  return page.getByTestId('admin-figures').evaluate((grid) =>
    [...grid.querySelectorAll('p.tabular-nums')].map((value) => {
      const card = value.closest('.rounded-lg') as HTMLElement;
      const range = document.createRange();
      range.selectNodeContents(value);
      const text = range.getBoundingClientRect();
      const box = value.getBoundingClientRect();
      const cardBox = card.getBoundingClientRect();
      const scrolled = [value as HTMLElement, ...ancestorsUpTo(value as HTMLElement, card)].filter((el) => el.scrollWidth > el.clientWidth + 1);
      return {
        text: value.textContent,
        inside: text.left >= box.left - 1 && text.right <= box.right + 1 && text.right <= cardBox.right - 8,
        scrolled: scrolled.length,
        fontSize: parseFloat(getComputedStyle(value).fontSize),
      };
      function ancestorsUpTo(el: HTMLElement, stop: HTMLElement): HTMLElement[] {
        const out: HTMLElement[] = [];
        for (let at = el.parentElement; at && at !== stop.parentElement; at = at.parentElement) out.push(at);
        return out;
      }
    }),
  );
}

for (const [name, figures] of Object.entries(CASES)) {
  test(`nenhum número dos cartões do console é cortado, de 390 a 1440 px: ${name}`, async ({ page }) => {
    await page.route('**/rest/v1/rpc/admin_dashboard_figures**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(figures) }),
    );
    await loginAs(page, 'admin', '/admin/dashboard');
    await expect(page.getByTestId('admin-figures').getByText('Receita Mensal').locator('xpath=following-sibling::p[1]')).toHaveText(
      new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(figures.monthly_revenue),
      { timeout: 45_000 },
    );
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      const cards = await measure(page);
      expect(cards, `${width} px`).toHaveLength(4);
      for (const card of cards) {
        expect(card, `${width} px: ${card.text}`).toMatchObject({ inside: true, scrolled: 0 });
        expect(card.fontSize, `${width} px: ${card.text}`).toBeGreaterThanOrEqual(16);
      }
    }
  });
}
