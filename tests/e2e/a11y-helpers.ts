// Axe with the rule set every screen must pass: WCAG 2.2 A/AA and axe's best practices, violations of any impact.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * Fails with every violation axe finds on the page as it is now (rule, impact, first nodes); `soft` records the failure
 * and lets the test go on to its next page.
 */
export async function expectNoAxeViolations(page: Page, label = page.url(), { soft = false } = {}): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join('\n    ')}`,
  );
  (soft ? expect.soft : expect)(found, `${label}\n  ${found.join('\n  ')}`).toEqual([]);
}

