// The policy matrix (tests/db/matrix.ts) as one test per cell.
import { describe, expect, it } from 'vitest';
import type { TestDb } from '../db.ts';
import { matrixCases, runCase, sortedExpectation } from '../matrix.ts';

export function describeMatrix(getDb: () => TestDb): void {
  describe('matriz de políticas: tabela e view × anônimo, cliente A, cliente B, admin × select, insert, update, delete', () => {
    for (const c of matrixCases()) {
      it(c.name, async () => {
        expect(await runCase(getDb(), c)).toEqual(sortedExpectation(c));
      });
    }
  });
}
