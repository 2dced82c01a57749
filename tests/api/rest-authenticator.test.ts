// Supabase's Postgres image has the role `authenticator` (the role PostgREST signs in as, a member of anon,
// authenticated and service_role); a project's migrations configure PostgREST through its settings
// (`alter role authenticator set pgrst.db_aggregates_enabled to 'true'`, `pgrst.db_schemas`).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, type TestBackend } from './helpers.ts';

let sb: TestBackend;
let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rest-authenticator-'));
  fs.writeFileSync(
    path.join(dir, '0001_settings.sql'),
    `alter role authenticator set pgrst.db_aggregates_enabled to 'true';
     alter role authenticator set pgrst.db_schemas to 'public, personal';
     create schema personal;
     create table personal.notes (id int primary key, body text);
     grant usage on schema personal to anon, authenticated, service_role;
     grant all on personal.notes to anon, authenticated, service_role;
     insert into personal.notes values (1, 'a'), (2, 'b');
     create table public.scores (player text not null, points int not null);
     insert into public.scores values ('ana', 3), ('ana', 4), ('bia', 5);`,
  );
  sb = await startTestBackend({ migrationsDir: dir, seedFile: null, configFile: null });
});
afterAll(async () => {
  await sb?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the role authenticator, as in a Supabase project', () => {
  it('exists and is a member of anon, authenticated and service_role without inheriting their rights', async () => {
    const { rows } = await sb.pg.query<{ rolinherit: boolean; rolcanlogin: boolean; anon: boolean; authenticated: boolean; service: boolean }>(
      `select rolinherit, rolcanlogin, pg_has_role('authenticator', 'anon', 'member') as anon,
              pg_has_role('authenticator', 'authenticated', 'member') as authenticated,
              pg_has_role('authenticator', 'service_role', 'member') as service
         from pg_roles where rolname = 'authenticator'`,
    );
    expect(rows).toEqual([{ rolinherit: false, rolcanlogin: true, anon: true, authenticated: true, service: true }]);
  });

  it('a migration that sets pgrst.* on it applies, and /rest/v1 follows those settings (aggregates on, schemas exposed)', async () => {
    const totals = await sb.anonClient().from('scores').select('player, points.sum()').order('player');
    expect(totals.error).toBeNull();
    expect(totals.data).toEqual([{ player: 'ana', sum: 7 }, { player: 'bia', sum: 5 }]);
    const personal = await sb.anonClient().schema('personal').from('notes').select('id, body').order('id');
    expect(personal.error).toBeNull();
    expect(personal.data).toEqual([{ id: 1, body: 'a' }, { id: 2, body: 'b' }]);
  });
});
