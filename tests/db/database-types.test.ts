// src/lib/database.types.ts is what `npm run gen:types` writes from the migrations, and the status codes the product
// narrows text columns with are exactly the values the database's check constraints allow.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../local-supabase/db.ts';
import { generateTypes, TYPES_FILE } from '../../scripts/lib/db-types/generate.ts';
import {
  CLIENT_SOURCE_CODES,
  CLIENT_STATUS_CODES,
  INVOICE_STATUS_CODES,
  PAYMENT_METHOD_CODES,
  PIX_OUTCOME_CODES,
  NOTIFICATION_KIND_CODES,
  PROJECT_STATUS_CODES,
  TASK_PRIORITY_CODES,
  TASK_STATUS_CODES,
  TICKET_STATUS_CODES,
} from '../../src/lib/domain/status-codes.ts';
import { MIGRATIONS_DIR } from './db.ts';

describe('src/lib/database.types.ts', () => {
  it('is exactly what the migrations generate (otherwise run `npm run gen:types`)', async () => {
    const generated = await generateTypes();
    const checkedIn = readFileSync(TYPES_FILE, 'utf8');
    const a = checkedIn.split('\n');
    const b = generated.split('\n');
    const line = a.findIndex((l, i) => l !== b[i]);
    const where = line < 0 ? 'the generated file is longer' : `first difference at line ${line + 1}: ${JSON.stringify(a[line])}`;
    expect(checkedIn === generated, `src/lib/database.types.ts differs from the migrations (${where}): run \`npm run gen:types\``).toBe(true);
    // Every migration applied to a fresh database: minutes, not seconds, on a busy 2-core machine.
  }, 300_000);
});

describe('src/lib/domain/status-codes.ts', () => {
  let db: OpenedDatabase;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: null, migrationsDir: MIGRATIONS_DIR, seedFile: null });
  });
  afterAll(async () => {
    await db?.close();
  });

  /** The string literals of the single-column check constraint on `table.column`. */
  async function allowed(table: string, column: string): Promise<string[]> {
    const { rows } = await db.pg.query<{ def: string }>(
      `select pg_get_constraintdef(c.oid) as def from pg_constraint c
         join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
        where c.conrelid = ('public.' || $1)::regclass and c.contype = 'c' and cardinality(c.conkey) = 1 and a.attname = $2`,
      [table, column],
    );
    expect(rows, `one check constraint on ${table}.${column}`).toHaveLength(1);
    return [...rows[0]!.def.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replace(/''/g, "'"));
  }

  it.each([
    ['projects', 'status', PROJECT_STATUS_CODES],
    ['support_tickets', 'status', TICKET_STATUS_CODES],
    ['clients', 'status', CLIENT_STATUS_CODES],
    ['clients', 'source', CLIENT_SOURCE_CODES],
    ['tasks', 'status', TASK_STATUS_CODES],
    ['tasks', 'priority', TASK_PRIORITY_CODES],
    ['invoices', 'status', INVOICE_STATUS_CODES],
    ['invoices', 'payment_method', PAYMENT_METHOD_CODES],
    ['pix_notifications', 'outcome', PIX_OUTCOME_CODES],
    ['notifications', 'kind', NOTIFICATION_KIND_CODES],
  ] as const)('%s.%s lists the values its check constraint allows, in order', async (table, column, codes) => {
    expect(await allowed(table, column)).toEqual([...codes]);
  });
});
