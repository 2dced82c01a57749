// The profile's limits (name 1-120 trimmed, https avatar) and the note of used confirmation links, as the auth server
// and the API roles meet them. A suite over fixtures/people.sql, on PGlite and PostgreSQL 15 alike.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { TestDb } from '../db.ts';
import { ID } from '../matrix.ts';
import { actorHelpers } from './actors.ts';

export function describeProfiles(getDb: () => TestDb): void {
  const { refusal, inTransaction } = actorHelpers(getDb);
  const own = (set: string) => `update public.profiles set ${set} where id = '${ID.userA}' returning full_name, avatar_url`;

  describe('perfil: nome de 1 a 120 caracteres sem espaços nas pontas, foto só https', () => {
    it('guarda o nome aparado, e um nome em branco como nenhum nome', async () => {
      await inTransaction(async ({ keep }) => {
        expect(await keep('a', own("full_name = ' Ana '"))).toEqual([{ full_name: 'Ana', avatar_url: null }]);
        expect(await keep('a', own("full_name = ''"))).toEqual([{ full_name: null, avatar_url: null }]);
      });
    });

    it.each([
      [`full_name = repeat('a', 121)`],
      ["avatar_url = 'http://exemplo.com.br/a.png'"],
      ["avatar_url = 'https://exemplo.com.br/a b.png'"],
    ])('recusa %s com 23514', async (set) => {
      expect((await refusal('a', own(set))).code).toBe('23514');
    });

    it('aceita 120 caracteres, uma foto https e nenhuma foto', async () => {
      await inTransaction(async ({ keep }) => {
        expect(await keep('a', own(`full_name = repeat('é', 120), avatar_url = 'https://exemplo.com.br/a.png'`))).toHaveLength(1);
        expect(await keep('a', own('avatar_url = null'))).toEqual([{ full_name: 'é'.repeat(120), avatar_url: null }]);
      });
    });

    it('o espelho de auth.users corta o nome em 120 e descarta uma foto que não é https, sem recusar o auth server', async () => {
      await inTransaction(async () => {
        const db = getDb();
        await db.query(
          `update auth.users set raw_user_meta_data = jsonb_build_object('full_name', '  ' || repeat('x', 200), 'avatar_url', 'http://a.b/c.png')
            where id = $1`,
          [ID.userA],
        );
        const { rows } = await db.query(`select full_name, avatar_url from public.profiles where id = $1`, [ID.userA]);
        expect(rows).toEqual([{ full_name: 'x'.repeat(120), avatar_url: null }]);
      });
    });
  });

  describe('links de confirmação usados (rpc confirmation_link_state, para anon)', () => {
    const state = (hash: string, key: string | null) =>
      `select public.confirmation_link_state(${hash === null ? 'null' : `'${hash}'`}, ${key === null ? 'null' : `'${key}'`}) as used`;

    it('uma conta pendente ganha uma chave aleatória nos metadados, que o link leva; uma conta criada confirmada, não', async () => {
      await inTransaction(async () => {
        const db = getDb();
        const pending = randomUUID();
        const confirmed = randomUUID();
        await db.query(
          `insert into auth.users (id, aud, role, email, raw_user_meta_data) values ($1, 'authenticated', 'authenticated', $2, '{"full_name":"P","confirmation_key":"escolhida-pelo-navegador"}')`,
          [pending, `${pending}@exemplo.com.br`],
        );
        await db.query(
          `insert into auth.users (id, aud, role, email, email_confirmed_at) values ($1, 'authenticated', 'authenticated', $2, now())`,
          [confirmed, `${confirmed}@exemplo.com.br`],
        );
        const { rows } = await db.query(`select id, raw_user_meta_data as meta from auth.users where id in ($1, $2)`, [pending, confirmed]);
        const meta = Object.fromEntries(rows.map((r) => [r.id, r.meta]));
        expect(meta[pending].full_name).toBe('P');
        expect(meta[pending].confirmation_key).toMatch(/^[0-9a-f]{32}$/);
        expect(meta[confirmed]?.confirmation_key).toBeUndefined();
      });
    });

    it('o link que confirmou a conta responde true só com o hash e a chave do link; o hash sozinho, que se calcula do e-mail e de um código de 6 dígitos, não responde', async () => {
      await inTransaction(async ({ peek, refused }) => {
        const db = getDb();
        const id = randomUUID();
        await db.query(
          `insert into auth.users (id, aud, role, email, confirmation_token, confirmation_sent_at)
           values ($1, 'authenticated', 'authenticated', $2, 'hash-pendente-1', now())`,
          [id, `${id}@exemplo.com.br`],
        );
        const key = (await db.query(`select raw_user_meta_data ->> 'confirmation_key' as key from auth.users where id = $1`, [id])).rows[0].key as string;
        expect(await peek('anon', state('hash-pendente-1', key))).toEqual([{ used: false }]);
        // What GoTrue's confirmation does: one update clears the token and sets the confirmation time.
        await db.query(`update auth.users set confirmation_token = '', email_confirmed_at = now() where id = $1`, [id]);
        expect(await peek('anon', state('hash-pendente-1', key))).toEqual([{ used: true }]);
        for (const wrong of [null, '', 'outra-chave', key.toUpperCase()]) {
          expect(await peek('anon', state('hash-pendente-1', wrong))).toEqual([{ used: false }]);
        }
        expect(await peek('anon', state('outro-hash', key))).toEqual([{ used: false }]);
        // The hash-only question is gone.
        expect((await refused('anon', `select public.confirmation_link_state('hash-pendente-1')`)).code).toBe('42883');
        expect((await refused('anon', 'select * from private.used_confirmation_links')).code).toBe('42501');
        expect((await refused('a', 'select * from private.used_confirmation_links')).code).toBe('42501');
      });
    });

    it('uma conta já confirmada que muda de e-mail ou de metadados não anota nada', async () => {
      await inTransaction(async ({ peek }) => {
        const db = getDb();
        await db.query(`update auth.users set confirmation_token = 'hash-antigo' where id = $1`, [ID.userA]);
        await db.query(`update auth.users set email_confirmed_at = now() where id = $1`, [ID.userA]);
        expect(await peek('anon', state('hash-antigo', ''))).toEqual([{ used: false }]);
      });
    });
  });
}
