import { describe, expect, it } from 'vitest';
import { isStaffUpdate, mayDeleteUpdate, updateProblem } from '../../src/lib/domain/project-update-rules';

const at = '2026-11-24T12:00:00.000Z';
const t0 = new Date(at).getTime();

describe('isStaffUpdate', () => {
  it('quem não é o dono do projeto é a equipe; o dono e um autor apagado não são', () => {
    expect(isStaffUpdate({ author_id: 'admin' }, 'owner')).toBe(true);
    expect(isStaffUpdate({ author_id: 'owner' }, 'owner')).toBe(false);
    expect(isStaffUpdate({ author_id: null }, 'owner')).toBe(false);
  });
});

describe('mayDeleteUpdate', () => {
  const mine = { author_id: 'me', created_at: at };
  it('o autor exclui até 15 minutos depois de publicar, não depois', () => {
    expect(mayDeleteUpdate(mine, { id: 'me', isAdmin: false }, t0 + 14 * 60_000)).toBe(true);
    expect(mayDeleteUpdate(mine, { id: 'me', isAdmin: false }, t0 + 15 * 60_000)).toBe(false);
  });
  it('outro usuário nunca; um admin sempre', () => {
    expect(mayDeleteUpdate(mine, { id: 'other', isAdmin: false }, t0)).toBe(false);
    expect(mayDeleteUpdate(mine, { id: 'admin', isAdmin: true }, t0 + 24 * 3600_000)).toBe(true);
  });
});

describe('updateProblem', () => {
  it('em branco ou acima de 5.000 caracteres (contados como o banco conta) é recusado em pt-BR', () => {
    expect(updateProblem('  \n ')).toBe('Escreva a atualização antes de enviar.');
    expect(updateProblem('a'.repeat(5001))).toBe('A atualização pode ter no máximo 5.000 caracteres.');
    expect(updateProblem(` ${'😀'.repeat(5000)} `)).toBeNull();
    expect(updateProblem('Reunião feita')).toBeNull();
  });
});
