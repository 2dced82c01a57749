// Limits of the free-text fields (projects, tasks, support tickets, profiles): trimmed titles and names refused in
// pt-BR when blank or too long, length checks named as the product's error texts expect, and a sign-up whose name is
// too long still creating its profile. Run on PGlite and on PostgreSQL 15 alike; every change is rolled back.
import { describe, expect, it } from 'vitest';
import type { TestDb } from '../db.ts';
import { ID } from '../matrix.ts';
import { actorHelpers } from './actors.ts';
import { CONSTRAINT_TEXTS } from '../../../src/lib/domain/error-texts.ts';
import { LIMITS } from '../../../src/lib/domain/field-limits.ts';

const constraintOf = (message: string) => message.match(/constraint "([^"]+)"/)?.[1];

export function describeLimits(getDb: () => TestDb): void {
  const { run, refusal } = actorHelpers(getDb);

  describe('limites dos campos de texto', () => {
    it('o título da tarefa é guardado aparado, obrigatório e com até 200 caracteres', async () => {
      const [row] = await run('a', `insert into public.tasks (title) values (E'\\u00a0 Revisar proposta \\n') returning title`);
      expect(row.title).toBe('Revisar proposta');
      expect(await refusal('a', `insert into public.tasks (title) values ('   ')`)).toMatchObject({ code: '23514', message: 'Preencha o título da tarefa.' });
      expect(await refusal('a', `update public.tasks set title = repeat('x', 201) where id = $1`, [ID.taskA])).toMatchObject({
        code: '23514',
        message: 'O título da tarefa pode ter no máximo 200 caracteres.',
      });
      expect(await run('a', `update public.tasks set title = repeat('ã', ${LIMITS.taskTitle}) where id = $1 returning id`, [ID.taskA])).toHaveLength(1);
    });

    it('descrições de projeto e de tarefa têm no máximo 5000 caracteres, com a restrição que o produto traduz', async () => {
      for (const [sql, id] of [
        [`update public.projects set description = repeat('d', ${LIMITS.projectDescription + 1}) where id = $1`, ID.projectA],
        [`update public.tasks set description = repeat('d', ${LIMITS.taskDescription + 1}) where id = $1`, ID.taskA],
      ] as const) {
        const error = await refusal('a', sql, [id]);
        expect(error.code).toBe('23514');
        expect(CONSTRAINT_TEXTS[constraintOf(error.message) ?? '']).toBeTruthy();
      }
      expect(await run('a', `update public.projects set description = repeat('d', 5000) where id = $1 returning id`, [ID.projectA])).toHaveLength(1);
    });

    it('o assunto do ticket tem até 200 caracteres e a primeira mensagem até 10000', async () => {
      const subject = await refusal('a', `insert into public.support_tickets (subject, message_content) values (repeat('s', ${LIMITS.ticketSubject + 1}), 'Olá')`);
      expect(constraintOf(subject.message)).toBe('support_tickets_subject_length_check');
      const message = await refusal('a', `insert into public.support_tickets (subject, message_content) values ('Ajuda', repeat('m', ${LIMITS.ticketMessage + 1}))`);
      expect(constraintOf(message.message)).toBe('support_tickets_message_length_check');
      expect(await run('a', `insert into public.support_tickets (subject, message_content) values (repeat('s', 200), repeat('m', 10000)) returning id`)).toHaveLength(1);
      // The rule that already existed holds: a blank subject is refused.
      expect((await refusal('a', `insert into public.support_tickets (subject, message_content) values ('  ', 'Olá')`)).code).toBe('23514');
    });

    it('o nome do perfil é guardado aparado, com até 120 caracteres; em branco vira sem nome', async () => {
      const [row] = await run('a', `update public.profiles set full_name = '  Ana Souza  ' where id = $1 returning full_name`, [ID.userA]);
      expect(row.full_name).toBe('Ana Souza');
      expect(await refusal('a', `update public.profiles set full_name = repeat('n', 121) where id = $1`, [ID.userA])).toMatchObject({
        code: '23514',
        message: 'O nome pode ter no máximo 120 caracteres.',
      });
      expect((await run('a', `update public.profiles set full_name = '   ' where id = $1 returning full_name`, [ID.userA]))[0].full_name).toBeNull();
      const avatar = await refusal('a', `update public.profiles set avatar_url = 'https://x.io/' || repeat('a', 2048) where id = $1`, [ID.userA]);
      expect(constraintOf(avatar.message)).toBe('profiles_avatar_url_https');
    });

    it('um cadastro com nome longo demais cria o perfil com o nome cortado em 120 caracteres', async () => {
      const db = getDb();
      const id = 'eeeeeeee-0000-4000-8000-0000000001e1';
      await db.query('begin');
      try {
        await db.query(
          `insert into auth.users (id, aud, role, email, encrypted_password, raw_app_meta_data, raw_user_meta_data)
           values ($1, 'authenticated', 'authenticated', 'longo@exemplo.com.br', '', '{"provider":"email"}', $2)`,
          [id, JSON.stringify({ full_name: `  ${'Maria '.repeat(60)}` })],
        );
        const { rows } = await db.query('select full_name from public.profiles where id = $1', [id]);
        const name = String(rows[0].full_name);
        expect(name.length).toBeLessThanOrEqual(LIMITS.profileName);
        expect(name).toBe(name.trim());
        expect(name.startsWith('Maria Maria')).toBe(true);
      } finally {
        await db.query('rollback');
      }
    });
  });
}
