// E-mails of the local GoTrue: project templates rendered with GoTrue's variables, the pt-BR fallback, and the
// e-mail change flow that rides on them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBackend, uniqueEmail, type TestBackend } from './helpers.ts';

let tmp: string;
let withTemplates: TestBackend;
let plain: TestBackend;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'local-supabase-mail-'));
  const templates = path.join(tmp, 'templates');
  fs.mkdirSync(templates);
  fs.writeFileSync(
    path.join(templates, 'confirmation.html'),
    '<h2>Bem-vindo, {{ .Data.full_name }}</h2><p>Conta de {{ .Email }} em {{ .SiteURL }}.</p>' +
      '<p><a href="{{ .ConfirmationURL }}">Confirmar</a></p><p>Código: {{ .Token }}</p><p>{{ .TokenHash }}</p>',
  );
  fs.writeFileSync(
    path.join(tmp, 'config.toml'),
    '[auth.email.template.confirmation]\nsubject = "Confirme sua conta no Portal IA"\ncontent_path = "./supabase/templates/confirmation.html"\n',
  );
  [withTemplates, plain] = await Promise.all([
    startTestBackend({ migrationsDir: null, seedFile: null, templatesDir: templates }),
    startTestBackend({ migrationsDir: null, seedFile: null, templatesDir: null }),
  ]);
});
afterAll(async () => {
  await withTemplates?.stop();
  await plain?.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('modelos de e-mail', () => {
  it('usa supabase/templates com as variáveis do GoTrue (valores escapados) e o assunto do config.toml', async () => {
    const email = uniqueEmail('modelo');
    await withTemplates.anonClient().auth.signUp({ email, password: 'senha-forte-1', options: { data: { full_name: '<b>Zé</b>' } } });
    const mail = await withTemplates.lastMail(email);
    expect(mail.subject).toBe('Confirme sua conta no Portal IA');
    const link = mail.links[0]!;
    const tokenHash = new URL(link).searchParams.get('token_hash')!;
    expect(mail.html).toContain(`<a href="${link.replace(/&/g, '&amp;')}">Confirmar</a>`);
    expect(mail.html).toContain(`Conta de ${email} em ${withTemplates.siteUrl}.`);
    expect(mail.html).toContain('Bem-vindo, &lt;b&gt;Zé&lt;/b&gt;');
    expect(mail.html).toContain(tokenHash);
    const otp = /Código: (\d{6})/.exec(mail.html)![1]!;

    // The 6-digit code in the mail works too (verifyOtp with email + token).
    const v = await withTemplates.anonClient().auth.verifyOtp({ email, token: otp, type: 'signup' });
    expect(v.error).toBeNull();
    expect(v.data.user?.email_confirmed_at).toBeTruthy();
  });

  it('sem modelo, um e-mail simples em pt-BR com o link', async () => {
    const email = uniqueEmail('simples');
    await plain.anonClient().auth.signUp({ email, password: 'senha-forte-1' });
    const mail = await plain.lastMail(email);
    expect(mail.subject).toBe('Confirme seu cadastro no Portal IA');
    expect(mail.text).toContain('Olá!');
    expect(mail.text).toContain(mail.links[0]);
    expect(mail.html).toContain('Confirmar meu e-mail');

    const user = await plain.createConfirmedUser();
    await plain.anonClient().auth.resetPasswordForEmail(user.email);
    const recovery = await plain.lastMail(user.email);
    expect(recovery.subject).toBe('Redefinição de senha do Portal IA');
    expect(recovery.text).toMatch(/redefinir a senha/);
  });
});

describe('troca de e-mail', () => {
  const DOUBLE = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';
  const tokenOf = (mail: { links: string[] }) => new URL(mail.links[0]!).searchParams.get('token')!;

  it('com double_confirm_changes (config.toml do projeto), a troca manda um link a cada endereço e só acontece com os dois', async () => {
    const user = await plain.createConfirmedUser();
    const client = await plain.signedInClient(user.email, user.password);
    const newEmail = uniqueEmail('novo-endereco');
    const r = await client.auth.updateUser({ email: newEmail });
    expect(r.error).toBeNull();
    expect(r.data.user?.email).toBe(user.email);
    expect(r.data.user?.new_email).toBe(newEmail);

    const toNew = await plain.lastMail(newEmail);
    const toCurrent = await plain.lastMail(user.email);
    expect(new URL(toNew.links[0]!).searchParams.get('type')).toBe('email_change');
    expect(new URL(toCurrent.links[0]!).searchParams.get('type')).toBe('email_change');
    expect(tokenOf(toCurrent)).not.toBe(tokenOf(toNew));

    // The new address's link alone: GoTrue's answer, and nothing changes yet.
    const first = await fetch(`${plain.url}/auth/v1/verify`, {
      method: 'POST',
      headers: { apikey: plain.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ token_hash: tokenOf(toNew), type: 'email_change' }),
    });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ msg: DOUBLE, code: '200' });
    expect((await plain.serviceClient().auth.admin.getUserById(user.id)).data.user?.email).toBe(user.email);
    expect((await plain.anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error).toBeNull();
    // The same link again is spent.
    expect((await plain.anonClient().auth.verifyOtp({ token_hash: tokenOf(toNew), type: 'email_change' })).error?.code).toBe('otp_expired');

    // The old address's link completes it (here through the link itself, GET /verify).
    const done = await fetch(new URL(toCurrent.links[0]!), { redirect: 'manual' });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toContain('#access_token=');
    expect((await plain.serviceClient().auth.admin.getUserById(user.id)).data.user?.email).toBe(newEmail);
    expect((await plain.anonClient().auth.signInWithPassword({ email: newEmail, password: user.password })).error).toBeNull();
    expect((await plain.anonClient().auth.signInWithPassword({ email: user.email, password: user.password })).error?.code).toBe(
      'invalid_credentials',
    );
  });

  it('com double_confirm_changes, o primeiro link aberto no navegador volta com a mensagem do GoTrue no hash', async () => {
    const user = await plain.createConfirmedUser();
    const client = await plain.signedInClient(user.email, user.password);
    const newEmail = uniqueEmail('primeiro-link');
    expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
    const res = await fetch(new URL((await plain.lastMail(user.email)).links[0]!), { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin).toBe(new URL(plain.siteUrl).origin);
    expect(location.hash).toBe(`#message=${encodeURIComponent(DOUBLE).replace(/%20/g, '+')}`);
    expect((await plain.serviceClient().auth.admin.getUserById(user.id)).data.user?.email).toBe(user.email);
  });

  it('sem double_confirm_changes, só o endereço novo recebe link e ele sozinho troca o e-mail', async () => {
    const single = await startTestBackend({ migrationsDir: null, seedFile: null, templatesDir: null, doubleConfirmChanges: false });
    try {
      const user = await single.createConfirmedUser();
      const client = await single.signedInClient(user.email, user.password);
      const newEmail = uniqueEmail('novo-endereco');
      expect((await client.auth.updateUser({ email: newEmail })).error).toBeNull();
      expect(await single.inbox(user.email)).toEqual([]);
      const v = await single.anonClient().auth.verifyOtp({ token_hash: tokenOf(await single.lastMail(newEmail)), type: 'email_change' });
      expect(v.error).toBeNull();
      expect(v.data.user?.email).toBe(newEmail);
    } finally {
      await single.stop();
    }
  });

  it('trocar para um e-mail de outra conta: 422 email_exists, nada muda', async () => {
    const a = await plain.createConfirmedUser();
    const b = await plain.createConfirmedUser();
    const client = await plain.signedInClient(a.email, a.password);
    const r = await client.auth.updateUser({ email: b.email });
    expect(r.error?.code).toBe('email_exists');
    expect(r.error?.status).toBe(422);
    expect(await plain.inbox(b.email)).toEqual([]);
  });

  it('o admin troca o e-mail direto (sem confirmação) e a conta entra com o novo endereço', async () => {
    const user = await plain.createConfirmedUser();
    const newEmail = uniqueEmail('admin-troca');
    const r = await plain.serviceClient().auth.admin.updateUserById(user.id, { email: newEmail });
    expect(r.error).toBeNull();
    expect(r.data.user?.email).toBe(newEmail);
    expect((await plain.anonClient().auth.signInWithPassword({ email: newEmail, password: user.password })).error).toBeNull();
  });
});
