// Addresses GoTrue refuses are refused by the local GoTrue with GoTrue's own answer (400 validation_failed 'Unable to
// validate email address: invalid format'), before any account is created or any mail is sent; the app's one e-mail
// check never accepts what the server refuses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPlainEmail } from '../../src/lib/domain/email';
import { startTestBackend, uniqueEmail, type TestBackend } from './helpers.ts';

let sb: TestBackend;

beforeAll(async () => {
  sb = await startTestBackend();
});
afterAll(async () => {
  await sb?.stop();
});

async function userCount(): Promise<number> {
  const { data, error } = await sb.serviceClient().auth.admin.listUsers({ perPage: 1000 });
  expect(error).toBeNull();
  return data.users.length;
}

const INVALID = [
  'cliente@exemplo..com',
  'cliente@.exemplo.com',
  'cliente@exemplo.com.',
  'cliente@-exemplo.com',
  'cliente@exemplo-.com',
  'cli ente@exemplo.com',
  'cliente@exem_plo.com',
  'josé@exemplo.com.br',
  'cliente.exemplo.com',
  `cliente@${'a'.repeat(64)}.com`,
];

describe('cadastro com e-mail em formato inválido', () => {
  it.each(INVALID)('%s: 400 validation_failed, nenhuma conta e nenhum e-mail', async (email) => {
    const before = await userCount();
    const { data, error } = await sb.anonClient().auth.signUp({ email, password: 'senha-forte-1', options: { data: { full_name: 'Formato' } } });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
    expect(data.user).toBeNull();
    expect(await userCount()).toBe(before);
    expect(await sb.inbox(email.trim().toLowerCase())).toEqual([]);
    // The forms' check refuses it before the server is asked.
    expect(isPlainEmail(email.trim())).toBe(false);
  });

  it('recuperação de senha e reenvio da confirmação respondem o mesmo erro', async () => {
    const anon = sb.anonClient();
    const recover = await anon.auth.resetPasswordForEmail('cliente@exemplo..com');
    expect(recover.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
    const resend = await anon.auth.resend({ type: 'signup', email: 'cliente@exemplo..com' });
    expect(resend.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' });
  });

  it('um endereço longo demais é 400 "An email address is too long"', async () => {
    const email = `${'a'.repeat(250)}@exemplo.com`;
    const { error } = await sb.anonClient().auth.signUp({ email, password: 'senha-forte-1' });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', message: 'An email address is too long' });
  });

  it('um endereço válido continua criando a conta e mandando a confirmação', async () => {
    const email = uniqueEmail('formato-ok');
    expect(isPlainEmail(email)).toBe(true);
    const { error } = await sb.anonClient().auth.signUp({ email, password: 'senha-forte-1' });
    expect(error).toBeNull();
    expect(await sb.inbox(email)).toHaveLength(1);
  });
});
