// The same migrations and the same policy matrix on a real PostgreSQL 15 server, so that a hosted
// Supabase (PostgreSQL 15+) accepts exactly what PGlite accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAttacks } from './attacks.ts';
import { createPostgres15Db, PG15_BIN, pg15Available, type TestDb } from './db.ts';
import { lintSchema } from './linter.ts';
import { matrixCases, PEOPLE_FIXTURE, runCase, sortedExpectation } from './matrix.ts';

if (!pg15Available) {
  console.warn(`[tests/db] PostgreSQL 15 não encontrado em ${PG15_BIN}: a matriz no PostgreSQL 15 foi pulada (instale o pacote postgresql-15).`);
}

describe.skipIf(!pg15Available)('migrações e matriz de políticas no PostgreSQL 15', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createPostgres15Db({ extraFiles: [PEOPLE_FIXTURE] });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('as migrações se aplicam num PostgreSQL 15 de verdade', async () => {
    const { rows } = await db.query(`select current_setting('server_version_num')::int as version`);
    expect(Number(rows[0].version)).toBeGreaterThanOrEqual(150000);
    expect(Number(rows[0].version)).toBeLessThan(160000);
    const tables = await db.query(
      `select c.relname from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r' order by 1`,
    );
    expect(tables.rows.map((r) => r.relname)).toEqual(['clients', 'profiles', 'projects', 'support_tickets', 'tasks']);
  });

  it('o linter do esquema não encontra problemas no PostgreSQL 15', async () => {
    expect(await lintSchema(db)).toEqual([]);
  });

  for (const c of matrixCases()) {
    it(c.name, async () => {
      expect(await runCase(db, c)).toEqual(sortedExpectation(c));
    });
  }

  describe('ataques (PostgreSQL 15)', () => {
    describeAttacks(() => db);
  });
});
