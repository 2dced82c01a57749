// The same database rules on a real PostgreSQL 15 server, with the migrations run by a non-superuser
// `postgres` as on a hosted Supabase, so that a hosted project accepts what PGlite accepted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgres15Db, PG15_BIN, pg15Available, type TestDb } from './db.ts';
import { PEOPLE_FIXTURE } from './matrix.ts';
import { describeDatabaseRules } from './suites/index.ts';

if (!pg15Available) {
  console.warn(`[tests/db] PostgreSQL 15 não encontrado em ${PG15_BIN}: as regras no PostgreSQL 15 foram puladas (instale o pacote postgresql-15).`);
}

describe.skipIf(!pg15Available)('PostgreSQL 15', () => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createPostgres15Db({ extraFiles: [PEOPLE_FIXTURE] });
  });
  afterAll(async () => {
    await db?.close();
  });

  describe('como no Supabase hospedado', () => {
    it('as migrações rodam num PostgreSQL 15 como um postgres sem superusuário', async () => {
      const { rows } = await db.query(
        `select current_setting('server_version_num')::int / 10000 as major, r.rolsuper,
                (select tableowner from pg_tables where schemaname = 'public' and tablename = 'projects') as owner,
                (select pg_get_userbyid(c.relowner) from pg_class c where c.oid = 'auth.users'::regclass) as auth_users_owner
         from pg_roles r where r.rolname = current_user`,
      );
      expect(rows[0]).toEqual({ major: 15, rolsuper: false, owner: 'postgres', auth_users_owner: 'supabase_auth_admin' });
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
  });

  describeDatabaseRules(() => db);
});
