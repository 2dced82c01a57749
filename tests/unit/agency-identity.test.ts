import { describe, expect, it } from 'vitest';
import { agencyIdentityScript, pageTitle, withAgencyName } from '../../src/lib/public/agency-identity';

describe('nome da agência nos títulos', () => {
  it('a página inicial leva só o nome; as outras, "Título | Nome"', () => {
    expect(pageTitle('Portal IA')).toBe('Portal IA');
    expect(pageTitle('Entrar')).toBe('Entrar | Portal IA');
    expect(pageTitle('Ana Souza', 'Agência Aurora')).toBe('Ana Souza | Agência Aurora');
  });

  it('trocar o nome muda só o que vem depois do último " | "', () => {
    expect(withAgencyName('Configurações do Sistema | Portal IA', 'Aurora')).toBe('Configurações do Sistema | Aurora');
    expect(withAgencyName('A | B | Portal IA', 'Aurora')).toBe('A | B | Aurora');
    expect(withAgencyName('Sem separador', 'Aurora')).toBe('Sem separador');
  });

  it('o script da página é JavaScript válido e lê só o nome e o e-mail de contato', () => {
    const source = agencyIdentityScript(null, 'sb_publishable_x');
    expect(() => new Function(source)).not.toThrow();
    expect(source).toContain('rest/v1/app_settings?select=app_name,contact_email');
    expect(source).toContain('"sb_publishable_x"');
  });
});
