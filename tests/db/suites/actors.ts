// Running statements as the matrix's people (anon, client A, client B, admin) for the suites that need more than one
// statement per test: alone (rolled back), refused, or several in one transaction rolled back at the end.
import { asActor, asDbError, claimsOf, type DbError, type Row, type TestDb } from '../db.ts';
import { ACTORS, type Who } from '../matrix.ts';

export type As = (who: Who, sql: string, params?: unknown[]) => Promise<Row[]>;

export interface ActorHelpers {
  /** The rows the statement returns as `who` (rolled back). */
  run: As;
  /** The error the statement raises as `who` (fails the test when it succeeds). */
  refusal(who: Who, sql: string, params?: unknown[]): Promise<DbError>;
  /**
   * Runs `work` in one transaction rolled back at the end. `keep` runs a statement as someone and keeps its effects
   * until then; `peek` runs one as someone and undoes it at once; `refused` is `refusal` inside the transaction.
   */
  inTransaction(work: (steps: TransactionSteps) => Promise<void>): Promise<void>;
}

export interface TransactionSteps {
  keep: As;
  peek: As;
  refused(who: Who, sql: string, params?: unknown[]): Promise<DbError>;
}

async function refusalOf(statement: Promise<unknown>, sql: string): Promise<DbError> {
  try {
    await statement;
  } catch (error) {
    return asDbError(error);
  }
  throw new Error(`esperava recusa, mas o banco aceitou: ${sql}`);
}

export function actorHelpers(getDb: () => TestDb): ActorHelpers {
  const run: As = (who, sql, params) => asActor(getDb(), ACTORS[who], async (q) => (await q(sql, params)).rows);

  const refusal = (who: Who, sql: string, params?: unknown[]) => refusalOf(run(who, sql, params), sql);

  async function inTransaction(work: (steps: TransactionSteps) => Promise<void>): Promise<void> {
    const db = getDb();
    const keep: As = async (who, sql, params) => {
      await db.query('savepoint keep');
      try {
        await db.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
          ACTORS[who].role,
          JSON.stringify(claimsOf(ACTORS[who])),
        ]);
        const { rows } = await db.query(sql, params);
        await db.query(`select set_config('role', 'none', true), set_config('request.jwt.claims', '', true)`);
        await db.query('release savepoint keep');
        return rows;
      } catch (error) {
        await db.query('rollback to savepoint keep');
        throw error;
      }
    };
    const peek: As = (who, sql, params) => asActor(db, ACTORS[who], async (q) => (await q(sql, params)).rows, 'nested');
    const refused = (who: Who, sql: string, params?: unknown[]) => refusalOf(peek(who, sql, params), sql);
    await db.query('begin');
    try {
      await work({ keep, peek, refused });
    } finally {
      await db.query('rollback');
    }
  }

  return { run, refusal, inTransaction };
}
