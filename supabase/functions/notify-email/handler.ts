// The notification e-mail job, as a plain request handler with its database and mail transport passed in (index.ts
// wires the real ones; tests pass fakes). Each run:
//   1. claims the pending notifications of users who did not turn e-mails off, one batch per user (the database
//      decides: at most one e-mail per user every 5 minutes, so what happens in that window goes out together);
//   2. sends one e-mail per batch, in pt-BR, from the template (agency name, a link to each thing, a link to the
//      preferences);
//   3. marks a sent batch done, or gives a failed one back for the next run to retry (never sent twice: a batch is only
//      claimed by one run, and a done one never again).
// A POST with {"action":"purge"} removes notifications older than 90 days instead.

export interface NotificationItem {
  id: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  created_at: string;
}

export interface EmailBatch {
  claim_id: string;
  user_id: string;
  email: string;
  full_name: string;
  notifications: NotificationItem[];
}

/** What the job needs from the database (service role RPCs). */
export interface NotifyStore {
  claim(maxUsers: number): Promise<EmailBatch[]>;
  complete(claimId: string): Promise<void>;
  release(claimId: string): Promise<void>;
  appName(): Promise<string>;
  purge(): Promise<number>;
}

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** The same for every attempt of one batch, so a transport that deduplicates can. */
  messageId: string;
}

export interface MailTransport {
  send(mail: MailMessage): Promise<void>;
}

export interface NotifyEmailDeps {
  store: NotifyStore;
  /** Null when no transport is configured: the run fails and claims nothing. */
  transport: MailTransport | null;
  /** The HTML template (supabase/templates/notification-email.html). */
  template: string;
  /** The site's address, for absolute links. */
  siteUrl: string;
  /** Whether the request carries the service role (the schedule's key). */
  authorized(req: Request): boolean;
  maxUsersPerRun?: number;
  log?: (line: string) => void;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The address of a portal path on the site. */
function siteLink(siteUrl: string, path: string): string {
  return new URL(path.replace(/^\/+/, ''), siteUrl.endsWith('/') ? siteUrl : `${siteUrl}/`).href;
}

/** Where the bell opens its 'Preferências' (the link every e-mail carries). */
export const PREFERENCES_PATH = '/dashboard#notificacoes';

const formatWhen = (iso: string): string => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' })
    .format(d)
    .replace(',', ' às');
};

/** Renders one batch: the subject, the HTML (the template with `{{ .Name }}` values) and the plain text. */
export function renderNotificationEmail(
  batch: EmailBatch,
  opts: { appName: string; siteUrl: string; template: string },
): { subject: string; html: string; text: string } {
  const items = batch.notifications;
  const n = items.length;
  const subject = n === 1 ? `${items[0]!.title} · ${opts.appName}` : `${n} novas notificações · ${opts.appName}`;
  const intro = n === 1 ? 'Aconteceu algo no portal que você acompanha:' : `Aconteceram ${n} coisas no portal que você acompanha:`;
  const name = batch.full_name && !batch.full_name.includes('@') ? batch.full_name.split(/\s+/)[0]! : '';
  const greeting = name ? `Olá, ${name}!` : 'Olá!';
  const preferences = siteLink(opts.siteUrl, PREFERENCES_PATH);
  const itemsHtml = items
    .map((item) => {
      const href = siteLink(opts.siteUrl, item.link);
      return (
        `<li style="margin:0 0 16px 0">` +
        `<a href="${escapeHtml(href)}" style="color:#1d4ed8;font-weight:600;text-decoration:none">${escapeHtml(item.title)}</a>` +
        (item.body ? `<br><span style="color:#334155">${escapeHtml(item.body)}</span>` : '') +
        `<br><span style="color:#64748b;font-size:12px">${escapeHtml(formatWhen(item.created_at))}</span>` +
        `</li>`
      );
    })
    .join('\n');
  const values: Record<string, string> = {
    AppName: escapeHtml(opts.appName),
    Greeting: escapeHtml(greeting),
    Intro: escapeHtml(intro),
    Items: itemsHtml,
    PreferencesURL: escapeHtml(preferences),
    SiteURL: escapeHtml(siteLink(opts.siteUrl, '/')),
  };
  const html = opts.template.replace(/\{\{-?\s*\.([A-Za-z]+)\s*-?\}\}/g, (_, key: string) => values[key] ?? '');
  const text =
    `${greeting}\n\n${intro}\n\n` +
    items
      .map((item) => `• ${item.title}\n${item.body ? `  ${item.body}\n` : ''}  ${formatWhen(item.created_at)}\n  ${siteLink(opts.siteUrl, item.link)}`)
      .join('\n\n') +
    `\n\n—\n${opts.appName}\nPara não receber mais estes e-mails, desligue "Receber notificações por e-mail" em Preferências: ${preferences}\n`;
  return { subject, html, text };
}

const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export function createNotifyEmailHandler(deps: NotifyEmailDeps): (req: Request) => Promise<Response> {
  const log = deps.log ?? (() => {});
  return async (req) => {
    if (req.method !== 'POST') return jsonResponse(405, { error: 'Use POST.' });
    if (!deps.authorized(req)) return jsonResponse(401, { error: 'Só a chave de serviço (service role) chama esta função.' });
    let body: { action?: unknown } = {};
    try {
      const raw = await req.text();
      body = raw.trim() ? (JSON.parse(raw) as { action?: unknown }) : {};
    } catch {
      return jsonResponse(400, { error: 'Corpo JSON inválido.' });
    }
    if (body.action === 'purge') {
      const purged = await deps.store.purge();
      log(`notify-email: ${purged} notificação(ões) com mais de 90 dias removida(s)`);
      return jsonResponse(200, { purged });
    }
    if (body.action !== undefined && body.action !== 'send') return jsonResponse(400, { error: 'Ação desconhecida.' });
    if (!deps.transport) return jsonResponse(500, { error: 'Nenhum envio de e-mail configurado (defina SMTP_HOST e os demais SMTP_*).' });

    const batches = await deps.store.claim(deps.maxUsersPerRun ?? 50);
    if (batches.length === 0) return jsonResponse(200, { sent: 0, failed: 0 });
    const appName = await deps.store.appName();
    let sent = 0;
    let failed = 0;
    for (const batch of batches) {
      const mail = renderNotificationEmail(batch, { appName, siteUrl: deps.siteUrl, template: deps.template });
      try {
        await deps.transport.send({ to: batch.email, ...mail, messageId: `<${batch.notifications[0]?.id ?? batch.claim_id}@notify-email>` });
      } catch (e) {
        failed += 1;
        log(`notify-email: envio para ${batch.user_id} falhou, será tentado de novo: ${(e as Error)?.message ?? e}`);
        await deps.store.release(batch.claim_id).catch(() => {});
        continue;
      }
      sent += 1;
      // The mail left: record it (retried once; a claim never completed is sent again only after it expires).
      await deps.store.complete(batch.claim_id).catch(() => deps.store.complete(batch.claim_id));
    }
    return jsonResponse(200, { sent, failed });
  };
}
