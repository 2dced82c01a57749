// The storage schema that local-supabase creates before the migrations, on PGlite and on a real PostgreSQL 15 with
// the migrations' non-superuser `postgres`: a migration can add a bucket and owner-folder policies on storage.objects,
// the policies decide, the name helpers answer as Supabase's, and direct deletes are refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asActor, asDbError, createPgliteDb, createPostgres15Db, pg15Available, type TestDb } from './db.ts';

const OWNER = '00000000-0000-4000-8000-0000000000a1';
const OTHER = '00000000-0000-4000-8000-0000000000b2';

const MIGRATION = `
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('esquema-teste', 'esquema-teste', false, 1024, array['text/plain']);
create policy "esquema: dono lê" on storage.objects for select to authenticated
  using (bucket_id = 'esquema-teste' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "esquema: dono envia" on storage.objects for insert to authenticated
  with check (bucket_id = 'esquema-teste' and (storage.foldername(name))[1] = auth.uid()::text);
`;

function storageRules(engine: string, open: () => Promise<TestDb>) {
  describe(`esquema storage (${engine})`, () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await open();
      await db.exec(MIGRATION);
    });
    afterAll(async () => {
      await db?.close();
    });

    it('foldername, filename e extension respondem como no Supabase', async () => {
      const { rows } = await db.query(`select storage.foldername('a/b/c.tar.gz') f, storage.filename('a/b/c.tar.gz') n, storage.extension('a/b/c.tar.gz') e`);
      expect(rows[0]).toEqual({ f: ['a', 'b'], n: 'c.tar.gz', e: 'gz' });
    });

    it('a política de pasta do dono decide: o dono grava e lê; outro usuário e anon, não', async () => {
      const owner = { role: 'authenticated' as const, sub: OWNER };
      await asActor(db, owner, async (q) => {
        await q(`insert into storage.objects (bucket_id, name, owner_id) values ('esquema-teste', $1, $2)`, [`${OWNER}/a.txt`, OWNER]);
        expect((await q(`select name, path_tokens from storage.objects`)).rows).toEqual([{ name: `${OWNER}/a.txt`, path_tokens: [OWNER, 'a.txt'] }]);
      }, true);
      const refused = await asActor(db, { role: 'authenticated', sub: OTHER }, (q) =>
        q(`insert into storage.objects (bucket_id, name) values ('esquema-teste', $1)`, [`${OWNER}/b.txt`]).then(() => null, asDbError));
      expect(refused).toMatchObject({ code: '42501' });
      expect(await asActor(db, { role: 'authenticated', sub: OTHER }, (q) => q(`select name from storage.objects`).then((r) => r.rows))).toEqual([]);
      expect(await asActor(db, { role: 'anon' }, (q) => q(`select name from storage.objects`).then((r) => r.rows))).toEqual([]);
      expect(await asActor(db, { role: 'anon' }, (q) => q(`select id from storage.buckets`).then((r) => r.rows))).toEqual([]);
    });

    it('apagar direto de storage.objects ou storage.buckets é recusado', async () => {
      for (const table of ['storage.objects', 'storage.buckets']) {
        const error = await db.query(`delete from ${table}`).then(() => null, asDbError);
        expect(error).toEqual({ code: '42501', message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.' });
      }
    });
  });
}

storageRules('PGlite', () => createPgliteDb());
if (pg15Available) storageRules('PostgreSQL 15', () => createPostgres15Db());
