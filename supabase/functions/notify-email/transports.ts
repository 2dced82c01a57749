// Mail transports of the notification e-mails: SMTP (a hosted project: the SMTP_* secrets) and the local inbox's mail
// drop (local-supabase gives functions DEV_INBOX_URL; the mail lands in /_dev/inbox).
import type { MailMessage, MailTransport } from './handler.ts';

export interface SmtpSettings {
  host: string;
  port: number;
  user?: string;
  pass?: string;
  from: string;
}

/** SMTP through nodemailer (port 465 = TLS from the start; other ports upgrade with STARTTLS). */
export function smtpTransport(settings: SmtpSettings): MailTransport {
  let transporter: Promise<{ sendMail(options: Record<string, unknown>): Promise<unknown> }> | null = null;
  return {
    async send(mail: MailMessage) {
      transporter ??= import('nodemailer').then((m) =>
        m.default.createTransport({
          host: settings.host,
          port: settings.port,
          secure: settings.port === 465,
          auth: settings.user ? { user: settings.user, pass: settings.pass ?? '' } : undefined,
        }),
      );
      await (await transporter).sendMail({
        from: settings.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: mail.messageId,
      });
    },
  };
}

/** POSTs the mail to local-supabase's inbox with the service role key. */
export function devInboxTransport(url: string, serviceKey: string, send: typeof fetch = fetch): MailTransport {
  return {
    async send(mail: MailMessage) {
      const res = await send(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text }),
      });
      await res.arrayBuffer().catch(() => {});
      if (!res.ok) throw new Error(`caixa local respondeu ${res.status}`);
    },
  };
}

/** The transport the environment configures: SMTP when SMTP_HOST is set, else the local inbox, else none. */
export function transportFromEnv(get: (key: string) => string | undefined, serviceKey: string): MailTransport | null {
  const host = get('SMTP_HOST');
  if (host) {
    return smtpTransport({
      host,
      port: Number(get('SMTP_PORT') || 465),
      user: get('SMTP_USER'),
      pass: get('SMTP_PASS'),
      from: get('SMTP_FROM') || get('SMTP_USER') || '',
    });
  }
  const inbox = get('DEV_INBOX_URL');
  return inbox ? devInboxTransport(inbox, serviceKey) : null;
}
