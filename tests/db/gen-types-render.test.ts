// The type generator on a schema with what the project's own schema lacks (an enum, a composite type, arrays, an
// identity column, a one-to-one key, a view over a referenced table, a computed column, defaults and an unnamed
// argument), compared with what `supabase gen types typescript` writes for the same constructs.
import { PGlite } from '@electric-sql/pglite';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalog } from '../../scripts/lib/db-types/catalog.ts';
import { renderTypes } from '../../scripts/lib/db-types/render.ts';

const SCHEMA = `
  create type public.mood as enum ('sad', 'ok', 'happy');
  create type public.point2 as (x int4, y int4);
  create table public.people (
    id int8 generated always as identity primary key,
    name text not null,
    mood public.mood,
    tags text[] not null default '{}',
    born date
  );
  create table public.pets (
    id uuid primary key default gen_random_uuid(),
    owner_id int8 not null unique references public.people (id),
    name text not null
  );
  create view public.people_names as select p.id, p.name from public.people p;
  create function public.greeting(p public.people) returns text language sql as $$ select 'oi ' || p.name $$;
  create function public.add(a int4, b int4 default 1) returns int4 language sql as $$ select a + b $$;
  create function public.echo(text) returns text language sql as $$ select $1 $$;
  create function public.two(int4, int4) returns int4 language sql as $$ select $1 + $2 $$;
  create function public.pets_of(owner int8) returns setof public.pets language sql as $$ select * from public.pets where owner_id = owner $$;
  create function public.touch() returns trigger language plpgsql as $$ begin return new; end $$;
  create schema hidden;
  create table hidden.secret (id int4 primary key);
`;

let pg: PGlite;
let out: string;
beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(SCHEMA);
  out = renderTypes(await readCatalog((sql, params) => pg.query(sql, params), ['public']), '// test');
});
afterAll(async () => {
  await pg?.close();
});

describe('gen:types renderer', () => {
  it('writes valid TypeScript', () => {
    const file = ts.createSourceFile('database.types.ts', out, ts.ScriptTarget.ES2022, true);
    expect((file as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
  });

  it('enums: the union in Enums, a reference in columns, the list in Constants', () => {
    expect(out).toContain('    Enums: {\n      mood: "sad" | "ok" | "happy"\n    }');
    expect(out).toContain('          mood: Database["public"]["Enums"]["mood"] | null\n');
    expect(out).toContain('      mood: ["sad", "ok", "happy"],\n');
  });

  it('composite types with nullable attributes', () => {
    expect(out).toContain('    CompositeTypes: {\n      point2: {\n        x: number | null\n        y: number | null\n      }\n    }');
  });

  it('Row, Insert and Update: arrays, defaults, identity always is never written, a computed column in Row', () => {
    expect(out).toContain(
      '        Row: {\n          born: string | null\n          id: number\n          mood: Database["public"]["Enums"]["mood"] | null\n' +
        '          name: string\n          tags: string[]\n          greeting: string | null\n        }',
    );
    expect(out).toContain('        Insert: {\n          born?: string | null\n          id?: never\n');
    expect(out).toContain('          name: string\n          tags?: string[]\n        }\n        Update: {');
  });

  it('relationships: one-to-one on a unique key, and the key a view inherits from the table it shows', () => {
    const pets = out.slice(out.indexOf('      pets: {'));
    expect(pets).toContain(
      '            foreignKeyName: "pets_owner_id_fkey"\n            columns: ["owner_id"]\n            isOneToOne: true\n' +
        '            referencedRelation: "people"\n',
    );
    expect(pets).toContain('            isOneToOne: true\n            referencedRelation: "people_names"\n            referencedColumns: ["id"]\n');
  });

  it('functions: sorted arguments, defaults optional, one unnamed argument, setof rows with SetofOptions; no triggers', () => {
    expect(out).toContain('      add: { Args: { a: number; b?: number }; Returns: number }\n');
    expect(out).toContain('      echo: { Args: { "": string }; Returns: string }\n');
    // Too long for one line of 80 columns: one member per line, as Prettier breaks it.
    expect(out).toContain('      greeting: {\n        Args: { p: Database["public"]["Tables"]["people"]["Row"] }\n        Returns: string\n      }\n');
    expect(out).toContain(
      '      pets_of: {\n        Args: { owner: number }\n        Returns: {\n          id: string\n          name: string\n          owner_id: number\n        }[]\n' +
        '        SetofOptions: {\n          from: "*"\n          to: "pets"\n          isOneToOne: false\n          isSetofReturn: true\n        }\n      }\n',
    );
    expect(out).not.toContain(' two:');
    expect(out).not.toContain('touch');
  });

  it('only the exposed schemas', () => {
    expect(out).not.toContain('hidden');
    expect(out).not.toContain('secret');
  });
});
