// supabase/config.toml holds the auth settings a hosted project needs, and the pt-BR e-mail
// templates link where the site and supabase-js expect. smol-toml comes with Astro (a TOML parser, not a
// new dependency).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { ROOT } from './db.ts';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
type Table = Record<string, unknown>;

describe('supabase/config.toml e modelos de e-mail', () => {
  const config = parse(read('supabase/config.toml')) as Table;
  const auth = config.auth as Table;
  const email = auth.email as Table;
  const templates = email.template as Record<string, Table>;

  it('o site é http://localhost:4321 e os redirecionamentos de confirmação e recuperação são permitidos', () => {
    expect(auth.site_url).toBe('http://localhost:4321');
    expect(auth.additional_redirect_urls).toEqual(
      expect.arrayContaining(['http://localhost:4321/confirm-email', 'http://localhost:4321/reset-password']),
    );
  });

  it('o cadastro exige confirmação por e-mail e senha de pelo menos 6 caracteres', () => {
    expect(email.enable_confirmations).toBe(true);
    expect(auth.minimum_password_length).toBe(6);
  });

  it('os modelos de confirmação, recuperação e reautenticação existem, em pt-BR, com assunto', () => {
    for (const kind of ['confirmation', 'recovery', 'reauthentication']) {
      const template = templates[kind];
      expect(template.content_path).toBe(`./supabase/templates/${kind}.html`);
      expect(String(template.subject)).toMatch(/Portal IA/);
      const html = read(String(template.content_path));
      expect(html).toContain('<html lang="pt-BR">');
      expect(html).toContain('{{ .Email }}');
    }
  });

  it('o e-mail de confirmação leva a /confirm-email com token_hash e type=signup', () => {
    const html = read('supabase/templates/confirmation.html');
    expect(html).toContain('href="{{ .SiteURL }}/confirm-email?token_hash={{ .TokenHash }}&type=signup&key={{ .Data.confirmation_key }}"');
  });

  it('o e-mail de recuperação usa o link padrão do Supabase ({{ .ConfirmationURL }})', () => {
    const html = read('supabase/templates/recovery.html');
    expect(html).toContain('href="{{ .ConfirmationURL }}"');
  });

  it('o e-mail de reautenticação traz só o código ({{ .Token }}), sem link, e a troca de senha segura fica desligada', () => {
    const html = read('supabase/templates/reauthentication.html');
    expect(html).toContain('{{ .Token }}');
    expect(html).not.toContain('href=');
    expect(email.secure_password_change).toBe(false);
  });

  it('as migrações e o seed são os que o CLI do Supabase aplica', () => {
    expect((config.db as Table).major_version).toBe(15);
    expect(((config.db as Table).seed as Table).sql_paths).toEqual(['./seed.sql']);
    expect((config.api as Table).schemas).toEqual(['public', 'graphql_public']);
  });
});
