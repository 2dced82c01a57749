// The same migrations, policy matrix and attacks on a real PostgreSQL 15 server, with the migrations run by
// a non-superuser `postgres` as on a hosted Supabase, so that a hosted project accepts what PGlite accepted.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeAttacks } from './attacks.ts';
import { createPostgres15Db, PG15_BIN, pg15Available, SEED_FILE, type TestDb } from './db.ts';
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

  it('as migrações rodam como um postgres sem superusuário, como no Supabase hospedado', async () => {
    const { rows } = await db.query(
      `select r.rolsuper, (select tableowner from pg_tables where schemaname = 'public' and tablename = 'projects') as owner,
              (select pg_get_userbyid(c.relowner) from pg_class c where c.oid = 'auth.users'::regclass) as auth_users_owner
       from pg_roles r where r.rolname = current_user`,
    );
    expect(rows[0]).toEqual({ rolsuper: false, owner: 'postgres', auth_users_owner: 'supabase_auth_admin' });
  });

  it('um usuário que o servidor de auth (supabase_auth_admin) cria ganha seu perfil pelo gatilho', async () => {
    await db.query('begin');
    try {
      await db.query('set local role supabase_auth_admin');
      await db.query(
        `insert into auth.users (id, aud, role, email, raw_app_meta_data, raw_user_meta_data)
         values ('eeeeeeee-0000-4000-8000-00000000000e', 'authenticated', 'authenticated', 'novo@exemplo.com.br',
                 '{"provider":"email","providers":["email"]}', '{"full_name":"Pessoa Nova","role":"user"}')`,
      );
      await db.query(`update auth.users set raw_user_meta_data = '{"full_name":"Pessoa Renomeada"}' where id = 'eeeeeeee-0000-4000-8000-00000000000e'`);
      await db.query('reset role');
      const { rows } = await db.query(`select full_name, email from public.profiles where id = 'eeeeeeee-0000-4000-8000-00000000000e'`);
      expect(rows).toEqual([{ full_name: 'Pessoa Renomeada', email: 'novo@exemplo.com.br' }]);
    } finally {
      await db.query('rollback');
    }
  });

  it('o seed de demonstração também se aplica no PostgreSQL 15', async () => {
    await db.query('begin');
    try {
      await db.exec(readFileSync(SEED_FILE, 'utf8'));
      const { rows } = await db.query(
        `select full_name from public.profiles where email in ('admin@exemplo.com.br', 'cliente@exemplo.com.br') order by email`,
      );
      expect(rows.map((r) => r.full_name)).toEqual(['Super Administrador', 'Cliente Demonstração']);
    } finally {
      await db.query('rollback');
    }
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
