import { describe, expect, it } from 'vitest';
import {
  SETTINGS_MESSAGES,
  accountRoleLabel,
  isHttpsUrl,
  settingsFieldOfMessage,
  settingsToFormValues,
  validateSettingsForm,
} from '../../src/lib/domain/settings-rules';

const valid = { app_name: 'Agência Aurora', logo_url: '', admin_email: 'contato@aurora.com.br', contact_email: 'fale@aurora.com.br' };

describe('URL do logo: só https', () => {
  it('aceita endereços https com host, caminho e consulta', () => {
    expect(isHttpsUrl('https://cdn.exemplo.com.br/logo.png')).toBe(true);
    expect(isHttpsUrl('https://exemplo.com/l.svg?v=2#x')).toBe(true);
  });

  it.each([
    'http://exemplo.com/logo.png',
    'javascript:alert(1)',
    'data:image/png;base64,AAAA',
    'https://',
    'https:///logo.png',
    '//exemplo.com/logo.png',
    'exemplo.com/logo.png',
    'https://exemplo.com/meu logo.png',
  ])('recusa %s', (url) => {
    expect(isHttpsUrl(url)).toBe(false);
  });

  it('recusa mais de 2048 caracteres', () => {
    expect(isHttpsUrl(`https://x.com/${'a'.repeat(2048)}`)).toBe(false);
  });
});

describe('validação das configurações gerais', () => {
  it('valores válidos saem aparados, e-mail em minúsculas, logo vazio vira null', () => {
    expect(validateSettingsForm({ app_name: '  Agência Aurora ', logo_url: '   ', admin_email: ' Contato@Aurora.com.BR ', contact_email: ' Fale@Aurora.com.BR ' })).toEqual({
      ok: true,
      input: { app_name: 'Agência Aurora', logo_url: null, admin_email: 'contato@aurora.com.br', contact_email: 'fale@aurora.com.br' },
    });
  });

  it('guarda a URL https do logo', () => {
    const r = validateSettingsForm({ ...valid, logo_url: ' https://cdn.aurora.com.br/logo.png ' });
    expect(r.ok && r.input.logo_url).toBe('https://cdn.aurora.com.br/logo.png');
  });

  it('nome vazio, logo http e e-mail inválido: uma mensagem em pt-BR por campo', () => {
    expect(validateSettingsForm({ app_name: '   ', logo_url: 'http://x.com/l.png', admin_email: 'admin@', contact_email: 'contato' })).toEqual({
      ok: false,
      errors: {
        app_name: 'O nome da aplicação é obrigatório.',
        logo_url: 'A URL do logo deve começar com https://.',
        admin_email: 'Informe um e-mail válido para o administrador principal.',
        contact_email: 'Informe um e-mail de contato válido.',
      },
    });
  });

  it('nome com mais de 100 caracteres é recusado; 100 passam', () => {
    expect(validateSettingsForm({ ...valid, app_name: 'a'.repeat(101) })).toEqual({
      ok: false,
      errors: { app_name: SETTINGS_MESSAGES.appNameTooLong },
    });
    expect(validateSettingsForm({ ...valid, app_name: 'a'.repeat(100) }).ok).toBe(true);
  });

  it.each(['sem-arroba', 'a@b', 'a b@c.com', 'mailto:a@b.com', 'a@b.com?subject=x'])('e-mail %s é recusado', (email) => {
    expect(validateSettingsForm({ ...valid, admin_email: email })).toEqual({
      ok: false,
      errors: { admin_email: SETTINGS_MESSAGES.adminEmail },
    });
  });

  it.each(['sem-arroba', 'a@b', 'mailto:a@b.com'])('e-mail de contato %s é recusado, com a mensagem no campo', (email) => {
    expect(validateSettingsForm({ ...valid, contact_email: email })).toEqual({
      ok: false,
      errors: { contact_email: SETTINGS_MESSAGES.contactEmail },
    });
    expect(settingsFieldOfMessage(SETTINGS_MESSAGES.contactEmail)).toBe('contact_email');
  });
});

describe('mensagens do banco e valores do formulário', () => {
  it('a recusa do banco (23514) aponta o campo certo', () => {
    expect(settingsFieldOfMessage(SETTINGS_MESSAGES.appNameRequired)).toBe('app_name');
    expect(settingsFieldOfMessage(SETTINGS_MESSAGES.logoUrl)).toBe('logo_url');
    expect(settingsFieldOfMessage(SETTINGS_MESSAGES.adminEmail)).toBe('admin_email');
    expect(settingsFieldOfMessage('outra coisa')).toBeNull();
  });

  it('sem logo o campo fica vazio', () => {
    expect(settingsToFormValues({ app_name: 'P', logo_url: null, admin_email: 'a@b.com', contact_email: 'c@b.com' })).toEqual({
      app_name: 'P',
      logo_url: '',
      admin_email: 'a@b.com',
      contact_email: 'c@b.com',
    });
  });

  it('papéis: Administrador e Cliente', () => {
    expect(accountRoleLabel('admin')).toBe('Administrador');
    expect(accountRoleLabel('user')).toBe('Cliente');
  });
});
