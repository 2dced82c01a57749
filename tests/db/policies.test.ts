// The policy matrix on PGlite, the engine local-supabase runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgliteDb, type TestDb } from './db.ts';
import { matrixCases, PEOPLE_FIXTURE, runCase, sortedExpectation } from './matrix.ts';

describe('matriz de políticas (PGlite)', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createPgliteDb({ extraFiles: [PEOPLE_FIXTURE] });
  });
  afterAll(async () => {
    await db?.close();
  });

  for (const c of matrixCases()) {
    it(c.name, async () => {
      expect(await runCase(db, c)).toEqual(sortedExpectation(c));
    });
  }
});
