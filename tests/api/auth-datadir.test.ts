// The local Supabase owns its data folder: one live instance at a time, stale leftovers of a dead one are cleared,
// migrations apply once, the seed only on a new database, and a SIGKILL loses no acknowledged write.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, startLocalSupabase, type LocalSupabaseOptions } from '../../local-supabase/index.ts';
import { burstThenKill, spawnBackend } from './child-backend.ts';

let tmp: string;
let migrations: string;
let seed: string;
/** A data folder built once (initdb is the slow part); each test works on its own copy of it. */
let template: string;
let templateWasNew: boolean;
let templateAnonKey: string;

function copyOfTemplate(name: string): string {
  const dir = path.join(tmp, name);
  fs.cpSync(template, dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'local-supabase-datadir-'));
  migrations = path.join(tmp, 'migrations');
  fs.mkdirSync(migrations);
  fs.writeFileSync(path.join(migrations, '001_notes.sql'), 'create table public.notes (id serial primary key, body text not null);');
  fs.writeFileSync(path.join(migrations, '002_notes_index.sql'), 'create index notes_body_idx on public.notes (body);');
  seed = path.join(tmp, 'seed.sql');
  fs.writeFileSync(seed, `insert into public.notes (body) values ('semente');`);
  template = path.join(tmp, 'template');
  const first = await startLocalSupabase(opts(template));
  templateWasNew = first.isNew;
  templateAnonKey = first.publishableKey;
  await first.stop();
}, 180_000);
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

const opts = (dataDir: string, extra: LocalSupabaseOptions = {}): LocalSupabaseOptions => ({
  port: 0,
  dataDir,
  migrationsDir: migrations,
  seedFile: seed,
  rateLimits: false,
  quiet: true,
  ...extra,
});

/** A pid that surely belongs to no live process: a child that already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.once('exit', r));
  return child.pid!;
}

// Creating a PGlite data folder (initdb) takes seconds, more on a busy 2-core machine.
describe('pasta de dados', { timeout: 180_000 }, () => {
  it('dados, segredo e migrações persistem entre reinícios; a semente só entra no banco novo; só migrações novas rodam', async () => {
    expect(templateWasNew).toBe(true);
    const dir = copyOfTemplate('persist');
    const a = await startLocalSupabase(opts(dir));
    expect(a.isNew).toBe(false);
    await a.pg.query(`insert into public.notes (body) values ('antes de parar')`);
    const anonKey = a.publishableKey;
    expect(anonKey).toBe(templateAnonKey);
    await a.stop();
    expect(fs.existsSync(path.join(dir, 'local-supabase.pid'))).toBe(false);

    fs.writeFileSync(path.join(migrations, '003_notes_done.sql'), 'alter table public.notes add column done boolean not null default false;');
    try {
      const b = await startLocalSupabase(opts(dir));
      try {
        expect(b.isNew).toBe(false);
        expect(b.publishableKey).toBe(anonKey); // the folder's own secret
        const notes = await b.pg.query<{ body: string; done: boolean }>(`select body, done from public.notes order by id`);
        expect(notes.rows).toEqual([
          { body: 'semente', done: false },
          { body: 'antes de parar', done: false },
        ]);
        const applied = await b.pg.query<{ name: string }>(`select name from local_supabase.schema_migrations order by name`);
        expect(applied.rows.map((r) => r.name)).toEqual(['001_notes.sql', '002_notes_index.sql', '003_notes_done.sql']);
      } finally {
        await b.stop();
      }
    } finally {
      fs.rmSync(path.join(migrations, '003_notes_done.sql'));
    }
  });

  it('uma segunda instância na mesma pasta é recusada com mensagem clara; depois de parar a primeira, abre', async () => {
    const dir = copyOfTemplate('lock');
    const a = await startLocalSupabase(opts(dir));
    let second: unknown;
    try {
      await startLocalSupabase(opts(dir)).then(
        async (b) => {
          await b.stop();
          second = 'opened';
        },
        (err) => (second = err),
      );
    } finally {
      await a.stop();
    }
    expect(second).toBeInstanceOf(DataDirLockedError);
    expect((second as Error).message).toContain(`pid ${process.pid}`);
    expect((second as Error).message).toMatch(/já está em uso/);
    const c = await startLocalSupabase(opts(dir));
    expect((await c.pg.query(`select count(*)::int as n from public.notes`)).rows[0]).toEqual({ n: 1 });
    await c.stop();
  });

  it('trava e postmaster.pid deixados por um processo morto são removidos e a pasta abre', async () => {
    const dir = copyOfTemplate('stale');
    const pid = await deadPid();
    fs.writeFileSync(path.join(dir, 'local-supabase.pid'), JSON.stringify({ pid, start: null }));
    fs.writeFileSync(path.join(dir, 'pgdata', 'postmaster.pid'), '-42\n/pglite/data\n1795335911\n5432\n');
    const b = await startLocalSupabase(opts(dir));
    try {
      expect((await b.pg.query(`select count(*)::int as n from public.notes`)).rows[0]).toEqual({ n: 1 });
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'local-supabase.pid'), 'utf8')).pid).toBe(process.pid);
    } finally {
      await b.stop();
    }
  });
});

describe('SIGKILL no meio de uma rajada de escritas', () => {
  it('depois do reinício, toda escrita que tinha sido respondida com sucesso está lá', { timeout: 180_000 }, async () => {
    const dir = copyOfTemplate('sigkill');
    const secret = 'segredo-de-teste-com-mais-de-32-caracteres';
    const backend = await spawnBackend(tmp, dir, { migrationsDir: null, seedFile: null, rateLimits: false, jwtSecret: secret });
    // Writes through the HTTP API (admin createUser), four at a time; each acknowledged e-mail is recorded.
    const acknowledged = await burstThenKill(
      backend,
      async (w, i) => {
        const email = `rajada-${w}-${i}@exemplo.com.br`;
        const res = await fetch(`${backend.url}/auth/v1/admin/users`, {
          method: 'POST',
          headers: { apikey: backend.secretKey, authorization: `Bearer ${backend.secretKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ email, email_confirm: true }),
        });
        await res.arrayBuffer();
        return res.status === 200 ? email : null;
      },
      { atLeast: 80, withinMs: 8000 },
    );
    expect(acknowledged.length).toBeGreaterThan(10);
    // What a SIGKILL leaves behind: PGlite's postmaster.pid and our lock, both of a dead process.
    expect(fs.existsSync(path.join(dir, 'pgdata', 'postmaster.pid'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'local-supabase.pid'))).toBe(true);

    const t0 = Date.now();
    const again = await startLocalSupabase({ port: 0, dataDir: dir, migrationsDir: null, seedFile: null, quiet: true });
    try {
      expect(Date.now() - t0).toBeLessThan(90_000);
      expect(again.jwtSecret).not.toBe(secret); // the pinned secret was the child's option; the folder keeps its own
      const found = await again.pg.query<{ email: string }>(`select email from auth.users where email = any($1::text[])`, [acknowledged]);
      expect(found.rows.length).toBe(acknowledged.length);
    } finally {
      await again.stop();
    }
  });
});
