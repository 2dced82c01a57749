// What the specs of the screens that paint their first data from the page's HTML share: whether the screen's island
// has started, whether what was painted ever went away before the screen took over, where a box is, which of the
// site's modules were asked for and when, and whether the screen's code was only asked for once the data was on screen.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export type Box = { x: number; y: number; width: number; height: number };

/** Whether the screen's island has started (Astro removes `ssr` once it asks the island to render). */
export const screenStarted = (page: Page) => page.evaluate(() => !document.querySelector('main astro-island[ssr]'));

/** Two boxes within 0.5 px on every side. */
export function expectSameBox(actual: Box | null, expected: Box | null, what: string): void {
  expect(actual, what).not.toBeNull();
  for (const side of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs(actual![side] - expected![side]), `${what}: ${side} ${actual![side]} ≠ ${expected![side]}`).toBeLessThanOrEqual(0.5);
  }
}

/**
 * Watches the whole load: whether, once cards (`[role=article]` in main) were on screen, main ever showed anything
 * else (a skeleton, or no card: `lostCards`), and whether any text in `forbidden` reached the page (`sawForbidden`).
 */
export async function watchLoad(page: Page, forbidden: string[] = []): Promise<void> {
  await page.addInitScript((words: string[]) => {
    const w = window as unknown as { __cardsShown?: boolean; __lostCards?: string[]; __sawForbidden?: string[] };
    w.__cardsShown = false;
    w.__lostCards = [];
    w.__sawForbidden = [];
    const check = () => {
      const main = document.querySelector('main');
      if (main) {
        const cards = main.querySelectorAll('[role=article]').length;
        if (cards > 0) w.__cardsShown = true;
        if (w.__cardsShown && main.querySelector('.animate-pulse')) w.__lostCards!.push('esqueleto');
        else if (w.__cardsShown && cards === 0) w.__lostCards!.push(main.textContent?.slice(0, 200) ?? '');
      }
      const text = document.body?.textContent ?? '';
      for (const word of words) if (text.includes(word) && !w.__sawForbidden!.includes(word)) w.__sawForbidden!.push(word);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
  }, forbidden);
}

export const lostCards = (page: Page) => page.evaluate(() => (window as unknown as { __lostCards: string[] }).__lostCards);
export const sawForbidden = (page: Page) => page.evaluate(() => (window as unknown as { __sawForbidden: string[] }).__sawForbidden);

/** The site's script modules (`/_astro/*.js`) the page has asked for, each with when (page clock, ms). */
export const siteModules = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((r) => ({ name: new URL(r.name).pathname, start: r.startTime }))
      .filter((r) => r.name.startsWith('/_astro/') && r.name.endsWith('.js')),
  );

/**
 * Opens `path` and checks that every module of the site, the screen's (`screenModule`) among them, was asked for only
 * after `painted` (a selector) was in the document.
 */
export async function expectCodeAfterPaint(page: Page, path: string, painted: string, screenModule: RegExp): Promise<void> {
  await page.addInitScript((selector: string) => {
    new MutationObserver((_, obs) => {
      if (document.querySelector(selector)) {
        (window as unknown as { __paintedAt: number }).__paintedAt = performance.now();
        obs.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  }, painted);
  await page.goto(path);
  await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
  const timing = {
    paintedAt: await page.evaluate(() => (window as unknown as { __paintedAt?: number }).__paintedAt ?? null),
    modules: await siteModules(page),
  };
  expect(timing.paintedAt).not.toBeNull();
  expect(timing.modules.some((m) => screenModule.test(m.name))).toBe(true);
  for (const m of timing.modules) expect(m.start, `${m.name} pedido antes da pintura`).toBeGreaterThanOrEqual(timing.paintedAt!);
}

/**
 * Watches the whole load of a screen whose rows are a table: from the first row shown in main on, every row count it
 * shows (`rowCounts`: one number when the rows never went away nor doubled), and whether `loadingText` ever showed.
 */
export async function watchRows(page: Page, loadingText: string): Promise<void> {
  await page.addInitScript((loading: string) => {
    const w = window as unknown as { __rowCounts: number[]; __rowsLoading: boolean };
    w.__rowCounts = [];
    w.__rowsLoading = false;
    new MutationObserver(() => {
      const main = document.querySelector('main');
      const count = main?.querySelectorAll('tbody tr').length ?? 0;
      if (count === 0 && w.__rowCounts.length === 0) return;
      if (w.__rowCounts.at(-1) !== count) w.__rowCounts.push(count);
      if (main?.textContent?.includes(loading)) w.__rowsLoading = true;
    }).observe(document, { childList: true, subtree: true });
  }, loadingText);
}

/** What watchRows saw since the page was opened. */
export const seenRows = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __rowCounts: number[]; __rowsLoading: boolean };
    return { rowCounts: w.__rowCounts, loading: w.__rowsLoading };
  });
