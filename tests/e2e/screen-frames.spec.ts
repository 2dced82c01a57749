// A signed-in screen's heading and subtitle paint from the page's HTML, before any script runs, in exactly the place
// and size the screen's own header then takes: the screen fills in around them instead of drawing the page anew.
import type { Browser, Page } from '@playwright/test';
import { expect, loginAs, test } from './fixtures';
import { expectSameBox, siteModules, type Box } from './prepaint-helpers';

type Frame = { heading: string; subtitle: string; headingBox: Box; subtitleBox: Box };

/**
 * Signed-in screens with a frame from the HTML. `afterPaint`: a screen whose first view is that frame, so its islands
 * (shell and screen) start after the first paint; the others paint data first and start once it is painted.
 */
const SCREENS: { path: string; who: 'client' | 'admin'; afterPaint?: true }[] = [
  { path: '/projects', who: 'client' },
  { path: '/tasks', who: 'client' },
  { path: '/my-clients', who: 'client', afterPaint: true },
  { path: '/profile', who: 'client', afterPaint: true },
  { path: '/support', who: 'client', afterPaint: true },
  { path: '/invoices', who: 'client' },
  { path: '/admin/support', who: 'admin', afterPaint: true },
  { path: '/admin/projects-management', who: 'admin', afterPaint: true },
  { path: '/admin/clients', who: 'admin', afterPaint: true },
];

const WIDTHS = [390, 1280];

/** The box of the text itself (what is painted), not of its element, whose width follows the row it sits in. */
function textBox(element: Element): Box {
  const range = document.createRange();
  range.selectNodeContents(element);
  const { x, y, width, height } = range.getBoundingClientRect();
  return { x, y, width, height };
}

/** The heading and the paragraph right after it, inside `scope`, with where their text is painted. */
async function readFrame(page: Page, scope: string): Promise<Frame> {
  const heading = page.locator(`${scope} h1`).first();
  const subtitle = page.locator(`${scope} h1 + p`).first();
  await expect(heading).toBeVisible();
  return {
    heading: (await heading.textContent())?.trim() ?? '',
    subtitle: (await subtitle.textContent())?.trim() ?? '',
    headingBox: await heading.evaluate(textBox),
    subtitleBox: await subtitle.evaluate(textBox),
  };
}

/** The page as its HTML alone draws it: scripts off, so neither the guard nor the islands run. */
async function htmlFrame(browser: Browser, baseURL: string, path: string, width: number): Promise<Frame> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 900 }, baseURL });
  try {
    const page = await context.newPage();
    await page.goto(path);
    return await readFrame(page, 'main [data-screen-fallback]');
  } finally {
    await context.close();
  }
}

/** The page's island modules (component and renderer) were all asked for, and none before the first paint. */
async function expectCodeAfterFirstPaint(page: Page, path: string): Promise<void> {
  const timing = {
    fcp: await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null),
    modules: await siteModules(page),
  };
  expect(timing.fcp, `${path}: primeira pintura`).not.toBeNull();
  const islands = await page.locator('astro-island').evaluateAll((els) =>
    els.flatMap((el) => [el.getAttribute('component-url'), el.getAttribute('renderer-url')]),
  );
  for (const url of islands) expect(timing.modules.map((m) => m.name)).toContain(url);
  for (const m of timing.modules) expect(m.start, `${m.name} pedido antes da 1ª pintura`).toBeGreaterThanOrEqual(timing.fcp!);
}

// One sign-in per screen: its first load (390 px) also checks when the code was asked for, on screens that start it
// after the first paint.
test.describe('moldura das telas logadas vinda do HTML', () => {
  for (const { path, who, afterPaint } of SCREENS) {
    const name = afterPaint
      ? `${path}: o React e o código da tela são pedidos só depois da primeira pintura; título e subtítulo pintados pelo HTML ficam no mesmo lugar quando a tela desenha`
      : `${path}: título e subtítulo pintados pelo HTML ficam no mesmo lugar quando a tela desenha`;
    test(name, async ({ browser, page, baseURL }) => {
      for (const width of WIDTHS) {
        const fromHtml = await htmlFrame(browser, baseURL!, path, width);
        await page.setViewportSize({ width, height: 900 });
        if (width === WIDTHS[0]) await loginAs(page, who, path);
        else await page.goto(path);
        // The island has drawn once its own header replaced the frame.
        await expect(page.locator('main [data-screen-fallback]')).toHaveCount(0);
        if (afterPaint && width === WIDTHS[0]) await expectCodeAfterFirstPaint(page, path);
        const drawn = await readFrame(page, 'main');
        expect(drawn.heading).toBe(fromHtml.heading);
        expect(drawn.subtitle).toBe(fromHtml.subtitle);
        expectSameBox(drawn.headingBox, fromHtml.headingBox, `${path} a ${width}px, título`);
        expectSameBox(drawn.subtitleBox, fromHtml.subtitleBox, `${path} a ${width}px, subtítulo`);
      }
    });
  }
});
