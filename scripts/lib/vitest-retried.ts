// A Vitest reporter that lists the tests which failed once and passed when retried (CI retries each failed test once),
// one per line in the file named by VITEST_RETRIED_FILE, so `npm test` can name them as it names Playwright's flaky
// tests instead of letting a retry hide them.
import { appendFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

export default class RetriedTests implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const file = process.env.VITEST_RETRIED_FILE;
    const retries = test.diagnostic()?.retryCount ?? 0;
    if (!file || retries === 0 || test.result().state !== 'passed') return;
    appendFileSync(file, `${relative(process.cwd(), test.module.moduleId)} › ${test.fullName}\n`);
  }
}
