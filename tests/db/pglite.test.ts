// The database rules on PGlite, the engine local-supabase runs: one PGlite for every suite
// (starting one costs seconds), each suite leaving the data as it found it.
import { afterAll, beforeAll, describe } from 'vitest';
import { createPgliteDb, type TestDb } from './db.ts';
import { PEOPLE_FIXTURE } from './matrix.ts';
import { describeDatabaseRules } from './suites/index.ts';

let db: TestDb;
beforeAll(async () => {
  db = await createPgliteDb({ extraFiles: [PEOPLE_FIXTURE] });
});
afterAll(async () => {
  await db?.close();
});

describe('PGlite', () => {
  describeDatabaseRules(() => db);
});
