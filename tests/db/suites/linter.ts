// Our version of Supabase's database linter must find nothing in the migrations, and must find
// each problem of a deliberately bad migration (so the test is known to bite).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyFiles, type TestDb } from '../db.ts';
import { LINT_RULES, lintSchema, type LintProblem, type LintRule } from '../linter.ts';

const BAD_MIGRATION = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/bad_migration.sql');

/** What the bad fixture must make each rule report (one object per rule at least). */
const EXPECTED_FROM_BAD_FIXTURE: Record<LintRule, string> = {
  rls_disabled_in_public: 'public.lint_without_rls',
  policy_exists_rls_disabled: 'public.lint_policy_without_rls',
  security_definer_view: 'public.lint_definer_view',
  auth_users_exposed: 'public.lint_auth_users_view',
  function_search_path_mutable: 'public.lint_mutable_search_path()',
  security_definer_function_exposed: 'public.lint_definer_function()',
  policy_reads_user_metadata: 'public.lint_bad_policies: lint: admin from user_metadata',
  auth_rls_initplan: 'public.lint_bad_policies: lint: owner reads',
  unindexed_foreign_key: 'public.lint_bad_policies.lint_bad_policies_project_id_fkey',
  multiple_permissive_policies: 'public.lint_bad_policies authenticated SELECT: lint: admin from user_metadata | lint: owner reads',
};

export function describeLinter(getDb: () => TestDb): void {
  describe('linter do esquema (as regras do linter do Supabase)', () => {
    let db: TestDb;
    let clean: LintProblem[];
    beforeAll(async () => {
      db = getDb();
      clean = await lintSchema(db);
    });

    it('as migrações do projeto passam em todas as regras', () => {
      expect(clean).toEqual([]);
    });

    describe('uma migração ruim de propósito faz cada regra apontar o problema', () => {
      let problems: LintProblem[];
      // In a transaction rolled back afterwards: the database stays clean for whatever runs next.
      beforeAll(async () => {
        await db.query('begin');
        await applyFiles(db, [BAD_MIGRATION]);
        problems = await lintSchema(db);
      });
      afterAll(async () => {
        await db.query('rollback');
      });

      for (const rule of LINT_RULES) {
        it(`a regra ${rule} pega ${EXPECTED_FROM_BAD_FIXTURE[rule]}`, () => {
          const found = problems.filter((p) => p.rule === rule).map((p) => p.object);
          expect(found).toContain(EXPECTED_FROM_BAD_FIXTURE[rule]);
        });
      }

      it('nenhum objeto das migrações do projeto aparece entre os problemas', () => {
        expect(problems.filter((p) => !p.object.includes('lint_'))).toEqual([]);
      });
    });
  });
}
