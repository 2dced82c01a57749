// Labels and limits have one home, src/lib/domain/: the forms, lists and data modules take them from there instead of
// writing the number or the label again.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../src/lib/domain/field-limits';
import { FULL_NAME_MAX, PASSWORD_MIN, PROFILE_TEXTS, personLabel } from '../../src/lib/domain/profile-rules';
import { TICKET_STATUS_OPTIONS, ticketStatusLabel } from '../../src/lib/domain/support-rules';
import { MAX_UPDATE_LENGTH } from '../../src/lib/domain/project-update-rules';
import { TEXTS as AUTH_TEXTS } from '../../src/lib/public/auth-validation';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : /\.(ts|tsx|astro)$/.test(name) ? [full] : [];
  });
const outsideDomain = files(SRC).filter((f) => !relative(SRC, f).startsWith('lib/domain/') && !f.endsWith('database.types.ts'));

describe('regras com um só lugar (lib/domain)', () => {
  it('nenhum campo fora de lib/domain escreve seu limite como número', () => {
    const literal = /maxlength=\{?["']?\d/i;
    const found = outsideDomain.filter((f) => literal.test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f));
    expect(found).toEqual([]);
  });

  it('nenhum arquivo fora de lib/domain declara os nomes dos status de ticket', () => {
    const found = outsideDomain
      .filter((f) => /in_progress:\s*'Em Progresso'/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SRC, f));
    expect(found).toEqual([]);
  });

  it('o rótulo do status de ticket vem das opções do filtro', () => {
    for (const { value, label } of TICKET_STATUS_OPTIONS) expect(ticketStatusLabel(value)).toBe(label);
    expect(ticketStatusLabel('waiting_customer')).toBe('waiting_customer');
  });

  it('cadastro e perfil usam os mesmos limites e textos', () => {
    expect(FULL_NAME_MAX).toBe(LIMITS.profileName);
    expect(PASSWORD_MIN).toBe(LIMITS.passwordMin);
    expect(MAX_UPDATE_LENGTH).toBe(LIMITS.projectUpdate);
    expect(AUTH_TEXTS.nameTooLong).toBe(PROFILE_TEXTS.nameTooLong);
    expect(AUTH_TEXTS.passwordTooShort).toBe('A senha deve ter pelo menos 6 caracteres.');
  });

  it('uma pessoa aparece pelo nome, senão pelo e-mail', () => {
    expect(personLabel({ full_name: ' Ana ', email: 'a@x.com' })).toBe('Ana');
    expect(personLabel({ full_name: null, email: 'a@x.com' })).toBe('a@x.com');
    expect(personLabel(undefined)).toBe('');
  });
});
