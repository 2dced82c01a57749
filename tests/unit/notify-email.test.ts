// The notify-email Edge Function's handler against the real database rules (PGlite with the migrations, the claim
// RPCs run as the service role) and a fake mail transport: grouping, the 5-minute window, opt-out, internal notes,
// retry without duplicates, the service-role check and the purge.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ROOT, asActor, createPgliteDb, type TestDb } from '../db/db.ts';
import { ACTORS, ID, PEOPLE_FIXTURE, type Who } from '../db/matrix.ts';
import {
  createNotifyEmailHandler,
  renderNotificationEmail,
  type EmailBatch,
  type MailMessage,
  type MailTransport,
  type NotifyStore,
} from '../../supabase/functions/notify-email/handler.ts';

const TEMPLATE = readFileSync(join(ROOT, 'supabase/templates/notification-email.html'), 'utf8');
const SITE = 'https://portal.exemplo.com.br';
const KEY = 'service-key';

let db: TestDb;
beforeAll(async () => {
  db = await createPgliteDb({ extraFiles: [PEOPLE_FIXTURE] });
});
afterAll(async () => {
  await db?.close();
});
beforeEach(async () => {
  await db.query('delete from public.notifications');
  await db.query('delete from public.notification_preferences');
});

async function asService<T>(sql: string, params?: unknown[]): Promise<T[]> {
  return asActor(db, { role: 'service_role' }, async (q) => (await q(sql, params)).rows as T[], true);
}
const as = (who: Who, sql: string, params?: unknown[]) => asActor(db, ACTORS[who], (q) => q(sql, params), true);
const staffReply = (ticket: string, body: string, internal = false) =>
  as('admin', `insert into public.ticket_messages (ticket_id, body, internal) values ($1, $2, $3)`, [ticket, body, internal]);

const store: NotifyStore = {
  claim: (max) => asService<EmailBatch>(`select * from public.claim_notification_emails($1)`, [max]),
  complete: async (claim) => void (await asService(`select public.complete_notification_email($1)`, [claim])),
  release: async (claim) => void (await asService(`select public.release_notification_email($1)`, [claim])),
  appName: async () => (await asService<{ app_name: string }>(`select app_name from public.app_settings`))[0]!.app_name,
  purge: async () => (await asService<{ n: number }>(`select public.purge_notifications() as n`))[0]!.n,
};

/** A transport that records what it sends, and fails the sends it is told to. */
function fakeTransport() {
  const sent: MailMessage[] = [];
  const attempts: MailMessage[] = [];
  let failNext = 0;
  const transport: MailTransport = {
    async send(mail) {
      attempts.push(mail);
      if (failNext > 0) {
        failNext -= 1;
        throw new Error('SMTP 421 tente mais tarde');
      }
      sent.push(mail);
    },
  };
  return { transport, sent, attempts, failNext: (n: number) => (failNext = n) };
}

function handlerWith(transport: MailTransport | null) {
  return createNotifyEmailHandler({
    store,
    transport,
    template: TEMPLATE,
    siteUrl: SITE,
    authorized: (req) => req.headers.get('authorization') === `Bearer ${KEY}`,
  });
}
const call = async (handler: (req: Request) => Promise<Response>, body: unknown = { action: 'send' }, key = KEY) => {
  const res = await handler(new Request('http://fn/notify-email', { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: JSON.stringify(body) }));
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
/** Makes the last e-mails look older than the 5-minute window. */
const afterWindow = () => db.query(`update private.notification_outbox set sent_at = sent_at - interval '5 minutes 1 second' where sent_at is not null`);

describe('notify-email', () => {
  it('groups a person’s notifications into one e-mail, then holds new ones for 5 minutes and sends them together', async () => {
    const fake = fakeTransport();
    const handler = handlerWith(fake.transport);
    await staffReply(ID.ticketA, 'Primeira resposta');
    await staffReply(ID.ticketA, 'Segunda resposta');
    expect(await call(handler)).toEqual({ status: 200, body: { sent: 1, failed: 0 } });
    expect(fake.sent).toHaveLength(1);
    const mail = fake.sent[0]!;
    expect(mail.to).toBe('ana@cliente-a.com.br');
    expect(mail.subject).toBe('2 novas notificações · Portal IA');
    expect(mail.html).toContain(`href="${SITE}/support/${ID.ticketA}"`);
    expect(mail.html).toContain('Diana Admin: Primeira resposta');
    expect(mail.html).toContain('Diana Admin: Segunda resposta');
    expect(mail.html).toContain(`href="${SITE}/dashboard#notificacoes"`);
    expect(mail.text).toContain('Receber notificações por e-mail');

    // Nothing pending: nothing sent. A new event inside the window waits; after it, it goes out alone.
    expect((await call(handler)).body).toEqual({ sent: 0, failed: 0 });
    await staffReply(ID.ticketA, 'Terceira');
    await as('admin', `update public.projects set progress = 55 where id = $1`, [ID.projectA]);
    expect((await call(handler)).body).toEqual({ sent: 0, failed: 0 });
    await afterWindow();
    expect((await call(handler)).body).toEqual({ sent: 1, failed: 0 });
    expect(fake.sent[1]!.subject).toBe('2 novas notificações · Portal IA');
    expect(fake.sent[1]!.html).toContain('Projeto &quot;Projeto da Ana&quot; em andamento: 55 %');
  });

  it('sends nothing to someone who turned e-mails off, and never an internal note', async () => {
    const fake = fakeTransport();
    const handler = handlerWith(fake.transport);
    await as('b', `insert into public.notification_preferences (email_enabled) values (false)`);
    await staffReply(ID.ticketB, 'Resposta ao Bruno');
    await staffReply(ID.ticketA, 'Nota só da equipe', true);
    await staffReply(ID.ticketA, 'Resposta à Ana');
    expect((await call(handler)).body).toEqual({ sent: 1, failed: 0 });
    expect(fake.sent.map((m) => m.to)).toEqual(['ana@cliente-a.com.br']);
    expect(fake.sent[0]!.subject).toBe('Nova resposta no ticket "Dúvida da Ana" · Portal IA');
    expect(fake.sent[0]!.html).not.toContain('Nota só da equipe');
    // Turning e-mails back on does not send what was skipped.
    await as('b', `update public.notification_preferences set email_enabled = true`);
    await afterWindow();
    expect((await call(handler)).body).toEqual({ sent: 0, failed: 0 });
  });

  it('retries a failed send on the next run and never sends a batch twice', async () => {
    const fake = fakeTransport();
    const handler = handlerWith(fake.transport);
    await staffReply(ID.ticketA, 'Resposta');
    fake.failNext(1);
    expect((await call(handler)).body).toEqual({ sent: 0, failed: 1 });
    expect(fake.sent).toHaveLength(0);
    expect((await call(handler)).body).toEqual({ sent: 1, failed: 0 });
    expect((await call(handler)).body).toEqual({ sent: 0, failed: 0 });
    await afterWindow();
    expect((await call(handler)).body).toEqual({ sent: 0, failed: 0 });
    expect(fake.sent).toHaveLength(1);
    expect(fake.attempts.map((m) => m.messageId)).toEqual([fake.sent[0]!.messageId, fake.sent[0]!.messageId]);
  });

  it('answers only the service role; without a transport it claims nothing; purge removes what is older than 90 days', async () => {
    const fake = fakeTransport();
    await staffReply(ID.ticketA, 'Resposta');
    expect((await call(handlerWith(fake.transport), { action: 'send' }, 'chave-de-usuario')).status).toBe(401);
    expect((await call(handlerWith(null))).status).toBe(500);
    expect((await call(handlerWith(fake.transport), { action: 'outra' })).status).toBe(400);
    expect((await call(handlerWith(fake.transport))).body).toEqual({ sent: 1, failed: 0 });
    await db.query(`update public.notifications set created_at = now() - interval '91 days'`);
    expect((await call(handlerWith(fake.transport), { action: 'purge' })).body).toEqual({ purged: 1 });
  });

  it('escapes what people wrote in the HTML', () => {
    const { html, subject } = renderNotificationEmail(
      {
        claim_id: 'c',
        user_id: 'u',
        email: 'x@y.com',
        full_name: 'Ana Souza',
        notifications: [{ id: 'n', kind: 'ticket_reply', title: 'Nova resposta no ticket "<b>oi</b>"', body: '<script>x</script>', link: '/support/1', created_at: '2026-11-27T12:00:00Z' }],
      },
      { appName: 'Agência & Cia', siteUrl: SITE, template: TEMPLATE },
    );
    expect(subject).toBe('Nova resposta no ticket "<b>oi</b>" · Agência & Cia');
    expect(html).toContain('Olá, Ana!');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>');
    expect(html).toContain('Agência &amp; Cia');
    expect(html).toContain('27/11 às 09:00');
  });
});
