// Every error a user can meet reads in Portuguese: the whole code table, the texts that carry the server's number,
// network failures, and the database's own pt-BR messages passing through unchanged.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  AUTH_ERROR_TEXTS,
  CONSTRAINT_TEXTS,
  DATA_ERROR_TEXTS,
  ENGLISH_WORDS,
  GENERIC_ERROR_TEXT,
  NETWORK_ERROR_TEXT,
  STATUS_ERROR_TEXTS,
  errorText,
  isPortugueseText,
} from '../../src/lib/domain/error-texts';
import { errorMessage } from '../../src/lib/util/error-message';

// A few English words that must never reach the screen (a smaller, independent list than the module's).
const FORBIDDEN = ['the', 'invalid', 'please', 'failed', 'error', 'should', 'request', 'password', 'unable'];
const englishIn = (text: string) => FORBIDDEN.filter((w) => new RegExp(`(?<!\\p{L})${w}(?!\\p{L})`, 'iu').test(text));

/** Every code auth-js knows, read from its own type declaration in node_modules. */
function authJsCodes(): string[] {
  const dts = readFileSync(new URL('../../node_modules/@supabase/auth-js/dist/module/lib/error-codes.d.ts', import.meta.url), 'utf8');
  return [...dts.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
}

/** Every code the local GoTrue answers. */
function localGoTrueCodes(): string[] {
  const dir = new URL('../../local-supabase/auth/', import.meta.url);
  const files = ['errors.ts', 'router.ts', 'token.ts', 'signup.ts', 'admin.ts', 'disabled.ts', 'verify.ts', 'params.ts', 'sessions.ts'];
  const codes = files.flatMap((f) => {
    try {
      return [...readFileSync(new URL(f, dir), 'utf8').matchAll(/AuthError\(\s*\d{3},\s*'([a-z_]+)'/g)].map((m) => m[1]);
    } catch {
      return [];
    }
  });
  return [...new Set(codes)];
}

const TABLES = { AUTH_ERROR_TEXTS, DATA_ERROR_TEXTS, CONSTRAINT_TEXTS, STATUS_ERROR_TEXTS };

describe('tabela de códigos de erro', () => {
  it.each(Object.entries(TABLES))('%s: todo código tem um texto em pt-BR não vazio, sem palavras em inglês', (_name, table) => {
    const entries = Object.entries(table);
    expect(entries.length).toBeGreaterThan(5);
    for (const [code, text] of entries) {
      expect(text.trim(), code).not.toBe('');
      expect(englishIn(text), `${code}: ${text}`).toEqual([]);
      expect(isPortugueseText(text), `${code}: ${text}`).toBe(true);
    }
  });

  it('cobre todos os códigos de erro do auth-js', () => {
    const codes = authJsCodes();
    expect(codes.length).toBeGreaterThan(80);
    expect(codes.filter((c) => !AUTH_ERROR_TEXTS[c])).toEqual([]);
  });

  it('cobre todos os códigos que o GoTrue local responde', () => {
    const codes = localGoTrueCodes();
    expect(codes).toContain('over_email_send_rate_limit');
    expect(codes.filter((c) => !AUTH_ERROR_TEXTS[c])).toEqual([]);
  });

  it('cobre os códigos do PostgREST e do Postgres que o produto encontra', () => {
    for (const code of ['PGRST116', 'PGRST301', 'PGRST302', 'PGRST303', '23505', '23514', '23503', '42501', 'P0001']) {
      expect(DATA_ERROR_TEXTS[code], code).toBeTruthy();
    }
  });

  it('os textos gerais estão em pt-BR', () => {
    for (const text of [GENERIC_ERROR_TEXT, NETWORK_ERROR_TEXT]) {
      expect(englishIn(text)).toEqual([]);
      expect(isPortugueseText(text)).toBe(true);
    }
  });

  it('letras acentuadas contam como letras: "até" não esconde o inglês "at"', () => {
    expect(isPortugueseText('Pode ter até 200 caracteres.')).toBe(true);
    expect(isPortugueseText('Request rate limit reached')).toBe(false);
  });

  it('a lista de palavras em inglês do módulo não tem palavra portuguesa', () => {
    for (const w of ['a', 'o', 'de', 'do', 'no', 'para', 'por', 'for', 'se']) expect(ENGLISH_WORDS).not.toContain(w);
  });
});

describe('errorText', () => {
  it('e-mail inválido no cadastro (joana@) vira texto em português', () => {
    const text = errorText({ code: 'validation_failed', message: 'Unable to validate email address: invalid format', status: 400 });
    expect(text).toBe(AUTH_ERROR_TEXTS.email_address_invalid);
    expect(errorText({ code: 'email_address_invalid', message: 'Email address "joana@" is invalid', status: 400 })).toBe(
      AUTH_ERROR_TEXTS.email_address_invalid,
    );
  });

  it('pedido de e-mail repetido diz os segundos que faltam', () => {
    const facts = { code: 'over_email_send_rate_limit', message: 'For security purposes, you can only request this after 58 seconds.', status: 429 };
    expect(errorText(facts)).toBe('Aguarde 58 segundos para pedir outro e-mail.');
    expect(errorText({ ...facts, message: 'For security purposes, you can only request this after 1 seconds.' })).toBe(
      'Aguarde 1 segundo para pedir outro e-mail.',
    );
    expect(errorText({ ...facts, message: 'Email rate limit exceeded' })).toBe('Aguarde um minuto para pedir outro e-mail.');
  });

  it('a mesma senha na redefinição e a senha curta viram português', () => {
    expect(errorText({ code: 'same_password', message: 'New password should be different from the old password.', status: 422 })).toBe(
      'A nova senha deve ser diferente da senha atual.',
    );
    expect(errorText({ code: 'weak_password', message: 'Password should be at least 6 characters.', status: 422 })).toBe(
      'A senha deve ter pelo menos 6 caracteres.',
    );
    expect(errorText({ code: 'validation_failed', message: 'Password cannot be longer than 72 characters' })).toBe(
      'A senha pode ter no máximo 72 caracteres.',
    );
  });

  it.each([
    { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 },
    { name: 'TypeError', message: 'Failed to fetch' },
    { message: 'TypeError: fetch failed' },
    { message: 'NetworkError when attempting to fetch resource.' },
    { message: 'Load failed' },
    { code: 'network', message: '' },
  ])('uma requisição que não chegou ao servidor (%o) mostra o texto de falta de conexão', (facts) => {
    expect(errorText(facts)).toBe(NETWORK_ERROR_TEXT);
  });

  it('mensagens em pt-BR do próprio banco (raise exception) passam sem mudança', () => {
    for (const message of ['O título do projeto é obrigatório.', 'Só a equipe pode alterar o plano do projeto.', 'Cliente não encontrado.']) {
      expect(errorText({ code: 'P0001', message, status: 400 })).toBe(message);
      expect(errorText({ code: '23514', message })).toBe(message);
    }
  });

  it('restrições do banco citadas na mensagem viram o texto da restrição', () => {
    const message = 'new row for relation "projects" violates check constraint "projects_title_check"';
    expect(errorText({ code: '23514', message, status: 400 })).toBe(CONSTRAINT_TEXTS.projects_title_check);
    expect(errorText({ code: '23514', message: 'violates check constraint "some_unknown_check"' })).toBe(DATA_ERROR_TEXTS['23514']);
  });

  it('códigos do PostgREST e do Postgres em inglês viram o texto da tabela', () => {
    expect(errorText({ code: '23505', message: 'duplicate key value violates unique constraint "x_pkey"', status: 409 })).toBe(DATA_ERROR_TEXTS['23505']);
    expect(errorText({ code: '42501', message: 'new row violates row-level security policy for table "projects"', status: 403 })).toBe(
      DATA_ERROR_TEXTS['42501'],
    );
    expect(errorText({ code: 'PGRST301', message: 'JWT expired', status: 401 })).toBe(DATA_ERROR_TEXTS.PGRST301);
    expect(errorText({ code: 'P0001', message: 'could not fetch row' })).toBe(DATA_ERROR_TEXTS.P0001);
  });

  it('sem código conhecido, usa o status HTTP (409, 5xx), e por fim o texto genérico, nunca o inglês', () => {
    expect(errorText({ message: 'Conflict', status: 409 })).toBe(STATUS_ERROR_TEXTS[409]);
    expect(errorText({ message: 'Bad gateway', status: 502 })).toBe(STATUS_ERROR_TEXTS[502]);
    expect(errorText({ message: 'Something odd', status: 599 })).toBe(STATUS_ERROR_TEXTS[500]);
    expect(errorText({ code: 'brand_new_code', message: 'Something new happened' })).toBe(GENERIC_ERROR_TEXT);
    expect(errorText({ message: 'Something new happened' }, 'Não foi possível salvar.')).toBe('Não foi possível salvar.');
  });
});

describe('errorMessage', () => {
  it('traduz um AuthApiError do auth-js pelo código', () => {
    const e = Object.assign(new Error('User already registered'), { name: 'AuthApiError', code: 'user_already_exists', status: 422 });
    expect(errorMessage(e)).toBe('Já existe uma conta com este e-mail.');
  });

  it('um valor que não é erro dá o texto de reserva da tela', () => {
    expect(errorMessage('boom', 'Reserva da tela.')).toBe('Reserva da tela.');
    expect(errorMessage(null)).toBe(GENERIC_ERROR_TEXT);
    expect(errorMessage(new Error('boom'), '')).toBe('');
  });
});
