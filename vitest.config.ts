import { defineConfig } from 'vitest/config';

// Unit, database and API tests run in Node; the browser is covered by Playwright (tests/e2e).
export default defineConfig({
  test: {
    include: ['tests/{unit,db,api,local-supabase}/**/*.test.ts'],
    environment: 'node',
    // 2 cores shared by a team: a couple of workers is plenty, and the db/api suites start PGlite.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    // Generous: on a busy 2-core machine starting PGlite with every migration can take minutes.
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // On CI a failed test runs once more, as Playwright's do there; `npm test` names every test that needed it.
    retry: process.env.CI ? 1 : 0,
  },
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
});
