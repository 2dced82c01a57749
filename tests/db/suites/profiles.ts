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
    it('o hash pendente que confirmou a conta responde true; outro hash, false; a tabela não se lê pela API', async () => {
      await inTransaction(async ({ peek, refused }) => {
        const db = getDb();
        const id = randomUUID();
        await db.query(
          `insert into auth.users (id, aud, role, email, confirmation_token, confirmation_sent_at)
           values ($1, 'authenticated', 'authenticated', $2, 'hash-pendente-1', now())`,
          [id, `${id}@exemplo.com.br`],
        );
        expect(await peek('anon', `select public.confirmation_link_state('hash-pendente-1') as used`)).toEqual([{ used: false }]);
        // What GoTrue's confirmation does: one update clears the token and sets the confirmation time.
        await db.query(`update auth.users set confirmation_token = '', email_confirmed_at = now() where id = $1`, [id]);
        expect(await peek('anon', `select public.confirmation_link_state('hash-pendente-1') as used`)).toEqual([{ used: true }]);
        expect(await peek('anon', `select public.confirmation_link_state('outro-hash') as used`)).toEqual([{ used: false }]);
        expect((await refused('anon', 'select * from private.used_confirmation_links')).code).toBe('42501');
        expect((await refused('a', 'select * from private.used_confirmation_links')).code).toBe('42501');
      });
    });

    it('uma conta já confirmada que muda de e-mail ou de metadados não anota nada', async () => {
      await inTransaction(async ({ peek }) => {
        const db = getDb();
        await db.query(`update auth.users set confirmation_token = 'hash-antigo' where id = $1`, [ID.userA]);
        await db.query(`update auth.users set email_confirmed_at = now() where id = $1`, [ID.userA]);
        expect(await peek('anon', `select public.confirmation_link_state('hash-antigo') as used`)).toEqual([{ used: false }]);
      });
    });
  });
}
