// Axe with the rule set every screen must pass: WCAG 2.2 A/AA and axe's best practices.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * Axe on the page as it is now, with that rule set. Axe gathers only the violations (every violating node; the passing
 * ones are not collected) and runs inside the page itself, not in the extra blank page its default mode opens to merge
 * the results of cross-origin frames: the portal has none, so the same nodes are checked in about half the time.
 */
async function violations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(TAGS).setLegacyMode();
  if (include) builder.include(include);
  return (await builder.analyze()).violations;
}

/**
 * Fails with every violation axe finds on the page as it is now (rule, impact, first nodes); `soft` records the failure
 * and lets the test go on to its next page.
 */
export async function expectNoAxeViolations(page: Page, label = page.url(), { soft = false } = {}): Promise<void> {
  const found = (await violations(page)).map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n    ')}`,
  );
  (soft ? expect.soft : expect)(found, `${label}\n  ${found.join('\n  ')}`).toEqual([]);
}

/**
 * No serious or critical violation on the page as it is now (inside `include` when given): the check of the flows'
 * own states (dialogs, errors, live updates); a11y.spec.ts holds every route to every impact.
 */
export async function expectNoSeriousAxeViolations(page: Page, include?: string): Promise<void> {
  const bad = (await violations(page, include)).filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id} (${v.impact}): ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}
