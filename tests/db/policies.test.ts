// The policy matrix and the attacks on PGlite, the engine local-supabase runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAttacks } from './attacks.ts';
import { createPgliteDb, type TestDb } from './db.ts';
import { matrixCases, PEOPLE_FIXTURE, runCase, sortedExpectation } from './matrix.ts';

let db: TestDb;
beforeAll(async () => {
  db = await createPgliteDb({ extraFiles: [PEOPLE_FIXTURE] });
});
afterAll(async () => {
  await db?.close();
});

describe('matriz de políticas (PGlite)', () => {
  for (const c of matrixCases()) {
    it(c.name, async () => {
      expect(await runCase(db, c)).toEqual(sortedExpectation(c));
    });
  }
});

describe('ataques (PGlite)', () => {
  describeAttacks(() => db);
});
