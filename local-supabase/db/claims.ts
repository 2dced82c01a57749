// Running work as an API role, the way PostgREST runs each request.
import type { PGlite, Transaction } from '@electric-sql/pglite';

/**
 * Runs `fn` in one transaction as the claims' role with `request.jwt.claims` set, as PostgREST does:
 * the first statement sets both settings transaction-locally; a throw rolls everything back.
 */
export async function withClaims<T>(
  pg: PGlite,
  claims: Record<string, unknown> & { role: string },
  fn: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return pg.transaction(async (tx) => {
    await tx.query(`select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)`, [
      claims.role,
      JSON.stringify(claims),
    ]);
    return fn(tx);
  });
}
