// The agency's name in the e-mails: the project's templates and subjects are written with the default name, and the
// local GoTrue puts the name saved in the settings (public.app_settings.app_name) in its place in each mail it sends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './helpers.ts';

let backend: TestBackend;

beforeAll(async () => {
  backend = await startTestBackend({ seedFile: null });
});
afterAll(async () => {
  await backend?.stop();
});

async function rename(name: string) {
  const { error } = await backend.serviceClient().from('app_settings').update({ app_name: name }).eq('id', true);
  expect(error).toBeNull();
}

describe('nome da agência nos e-mails', () => {
  it('com o nome padrão, assunto e corpo ficam como nos modelos do projeto', async () => {
    const email = uniqueEmail('padrao');
    await backend.anonClient().auth.signUp({ email, password: 'senha-forte-1' });
    const mail = await backend.lastMail(email);
    expect(mail.subject).toBe('Confirme seu cadastro no Portal IA');
    expect(mail.html).toContain('Bem-vindo ao Portal IA!');
  });

  it('depois de renomear a agência, a confirmação e a recuperação trazem o novo nome (escapado no HTML) no assunto e no corpo', async () => {
    await rename('Aurora & Cia');
    try {
      const email = uniqueEmail('renomeada');
      await backend.anonClient().auth.signUp({ email, password: 'senha-forte-1' });
      const confirmation = await backend.lastMail(email);
      expect(confirmation.subject).toBe('Confirme seu cadastro no Aurora & Cia');
      expect(confirmation.html).toContain('Bem-vindo ao Aurora &amp; Cia!');
      expect(confirmation.html).not.toContain('Portal IA');

      await backend.serviceClient().auth.admin.updateUserById((await backend.serviceClient().auth.admin.listUsers()).data.users.find((u) => u.email === email)!.id, { email_confirm: true });
      await backend.anonClient().auth.resetPasswordForEmail(email);
      const recovery = await backend.lastMail(email);
      expect(recovery.subject).toBe('Redefinição de senha do Aurora & Cia');
      expect(recovery.html).toContain('no Aurora &amp; Cia');
    } finally {
      await rename('Portal IA');
    }
  });
});
