// The local inbox: e-mails the auth routes would send are rendered (project templates when present) and kept in
// the database, listed at /_dev/inbox (HTML) and /_dev/inbox.json.
import type { PGlite } from '@electric-sql/pglite';
import fs from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../http.ts';
import { parseToml } from '../project-config.ts';

export type MailKind = 'confirmation' | 'recovery' | 'email_change' | 'reauthentication';

export interface MailVars {
  ConfirmationURL: string;
  SiteURL: string;
  Email: string;
  TokenHash: string;
  Token: string;
  RedirectTo: string;
  NewEmail?: string;
  Data?: Record<string, unknown>;
}

export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  created_at: string;
}

const DEFAULTS: Record<MailKind, { subject: string; intro: string; action: string; outro: string }> = {
  confirmation: {
    subject: 'Confirme seu cadastro no Portal IA',
    intro: 'Recebemos um pedido de cadastro no Portal IA com este e-mail. Para ativar sua conta, confirme seu endereço:',
    action: 'Confirmar meu e-mail',
    outro: 'Se você não fez este cadastro, ignore esta mensagem.',
  },
  recovery: {
    subject: 'Redefinição de senha do Portal IA',
    intro: 'Recebemos um pedido para redefinir a senha da sua conta no Portal IA. Para escolher uma nova senha, use o link:',
    action: 'Redefinir minha senha',
    outro: 'Se você não pediu a redefinição, ignore esta mensagem: sua senha continua a mesma.',
  },
  email_change: {
    subject: 'Confirme a alteração de e-mail no Portal IA',
    // Sent to the new address and, with double confirmation, to the current one too: both name the new address.
    intro: 'Recebemos um pedido para alterar o e-mail da sua conta no Portal IA para {{ .NewEmail }}. Para confirmar, use o link:',
    action: 'Confirmar novo e-mail',
    outro: 'Se você não pediu esta alteração, ignore esta mensagem.',
  },
  // A code, not a link: the signed-in user types it where the change is confirmed (GoTrue's reauthentication).
  reauthentication: {
    subject: 'Seu código de confirmação do Portal IA',
    intro: 'Para confirmar que é você quem está alterando a conta no Portal IA, digite este código: {{ .Token }}',
    action: '',
    outro: 'Se você não pediu este código, ignore esta mensagem e troque sua senha.',
  },
};

const TEMPLATE_FILES: Record<MailKind, string> = {
  confirmation: 'confirmation.html',
  recovery: 'recovery.html',
  email_change: 'email_change.html',
  reauthentication: 'reauthentication.html',
};

function lookup(vars: MailVars, dotted: string): string {
  let v: unknown = vars;
  for (const part of dotted.split('.')) {
    if (v === null || typeof v !== 'object') return '';
    v = (v as Record<string, unknown>)[part];
  }
  return v === undefined || v === null ? '' : String(v);
}

/** Renders `{{ .Name }}` / `{{ .Data.key }}` as Go's html/template would for text and attribute values (escaped). */
export function renderTemplate(template: string, vars: MailVars): string {
  return template.replace(/\{\{-?\s*\.([A-Za-z_][\w.]*)\s*-?\}\}/g, (_, name: string) => escapeHtml(lookup(vars, name)));
}

/** The subject configured in supabase/config.toml ([auth.email.template.<kind>] subject = "..."), if any. */
function configuredSubject(configToml: string | null, kind: MailKind): string | null {
  if (!configToml) return null;
  const subject = parseToml(configToml).get(`auth.email.template.${kind}`)?.get('subject');
  return typeof subject === 'string' ? subject : null;
}

export function renderMail(
  kind: MailKind,
  vars: MailVars,
  templatesDir: string | null,
): { subject: string; text: string; html: string; links: string[] } {
  const defaults = DEFAULTS[kind];
  const d = { ...defaults, intro: defaults.intro.replace(/\{\{ \.(\w+) \}\}/g, (_, name: string) => lookup(vars, name)) };
  let configToml: string | null = null;
  let template: string | null = null;
  if (templatesDir) {
    const file = path.join(templatesDir, TEMPLATE_FILES[kind]);
    if (fs.existsSync(file)) template = fs.readFileSync(file, 'utf8');
    const cfg = path.join(templatesDir, '..', 'config.toml');
    if (fs.existsSync(cfg)) configToml = fs.readFileSync(cfg, 'utf8');
  }
  const subject = configuredSubject(configToml, kind) ?? d.subject;
  const url = vars.ConfirmationURL;
  const action = url ? `<p><a href="${escapeHtml(url)}">${escapeHtml(d.action)}</a></p>\n` : '';
  const html =
    template !== null
      ? renderTemplate(template, vars)
      : `<h2>${escapeHtml(d.subject)}</h2>\n<p>Olá!</p>\n<p>${escapeHtml(d.intro)}</p>\n${action}<p>${escapeHtml(d.outro)}</p>\n`;
  const text = url ? `Olá!\n\n${d.intro}\n\n${url}\n\n${d.outro}\n` : `Olá!\n\n${d.intro}\n\n${d.outro}\n`;
  const links = url ? [url] : [];
  for (const m of html.matchAll(/href\s*=\s*"([^"]*)"/gi)) {
    const href = m[1].replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
    if (/^https?:\/\//i.test(href) && !links.includes(href)) links.push(href);
  }
  return { subject, text, html, links };
}

/** Keeps a mail in the inbox (`kind`: an auth mail's kind, or 'function' for one an Edge Function sent); its id. */
export async function storeMail(
  pg: Pick<PGlite, 'query'>,
  mail: { to: string; kind: MailKind | 'function'; subject: string; text: string; html: string; links: string[] },
): Promise<string> {
  const r = await pg.query<{ id: string }>(
    `insert into local_supabase.inbox (to_email, kind, subject, text_body, html_body, links) values ($1, $2, $3, $4, $5, $6::jsonb) returning id`,
    [mail.to, mail.kind, mail.subject, mail.text, mail.html, JSON.stringify(mail.links)],
  );
  return r.rows[0]!.id;
}

export async function listMails(pg: Pick<PGlite, 'query'>, to?: string | null, limit = 200): Promise<StoredMail[]> {
  const r = await pg.query<{
    id: string;
    to_email: string;
    subject: string;
    text_body: string;
    html_body: string;
    links: string[];
    created_at: Date;
  }>(
    `select id, to_email, subject, text_body, html_body, links, created_at from local_supabase.inbox
      where ($1::text is null or lower(to_email) = lower($1)) order by created_at desc, id limit $2`,
    [to ?? null, limit],
  );
  return r.rows.map((m) => ({
    id: m.id,
    to: m.to_email,
    subject: m.subject,
    text: m.text_body,
    html: m.html_body,
    links: m.links,
    created_at: new Date(m.created_at).toISOString(),
  }));
}

/** The inbox for people: newest first, each mail with its links clickable and its HTML shown in a sandboxed frame. */
export function inboxPage(mails: StoredMail[]): string {
  const items = mails
    .map(
      (m) => `<article>
  <header><strong>${escapeHtml(m.subject)}</strong><br><span>Para: ${escapeHtml(m.to)}</span> · <time>${escapeHtml(
        new Date(m.created_at).toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }),
      )}</time></header>
  <ul>${m.links.map((l) => `<li><a href="${escapeHtml(l)}">${escapeHtml(l)}</a></li>`).join('')}</ul>
  <details><summary>Ver mensagem</summary><iframe sandbox srcdoc="${escapeHtml(m.html)}" title="${escapeHtml(m.subject)}"></iframe><pre>${escapeHtml(m.text)}</pre></details>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Caixa de entrada local · local-supabase</title>
<style>
body{font-family:system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #e5e7eb;border-radius:8px;padding:1rem;margin:1rem 0}
header span,time{color:#6b7280;font-size:.9rem} a{color:#2563eb;word-break:break-all}
iframe{width:100%;min-height:260px;border:1px solid #e5e7eb;margin-top:.5rem} pre{white-space:pre-wrap}
</style></head><body>
<h1>Caixa de entrada local</h1>
<p>E-mails que o Supabase local teria enviado (ambiente de desenvolvimento; nenhum e-mail sai desta máquina). Mais recentes primeiro.</p>
${mails.length ? items : '<p>Nenhum e-mail por enquanto.</p>'}
</body></html>`;
}
