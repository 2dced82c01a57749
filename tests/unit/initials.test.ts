// Avatar initials take whole grapheme clusters: emoji (with skin tones and joiners), flags and combining marks.
import { describe, expect, it } from 'vitest';
import { firstGrapheme, initialsFrom } from '../../src/lib/domain/initials';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('iniciais do avatar', () => {
  it('primeira letra do primeiro e do último nome, em maiúsculas', () => {
    expect(initialsFrom('Cliente Demonstração', 'c@x.com')).toBe('CD');
    expect(initialsFrom('  ana  maria   souza ', null)).toBe('AS');
    expect(initialsFrom('Ícaro', null)).toBe('Í');
  });

  it('sem nome, a primeira letra do e-mail; sem nada, "?"', () => {
    expect(initialsFrom('   ', 'bruno@x.com')).toBe('B');
    expect(initialsFrom(null, null)).toBe('?');
  });

  it.each([
    ['🚀 Foguete Labs', '🚀L'],
    ['👩🏽‍💻 Dev', '👩🏽‍💻D'],
    ['👨‍👩‍👧 Família Silva', '👨‍👩‍👧S'],
    ['❤️ Amor', '❤️A'],
    ['🇧🇷 Brasil Tech', '🇧🇷T'],
    ['Joana 🇵🇹', 'J🇵🇹'],
  ])('um nome com emoji ou bandeira (%s) mostra o símbolo inteiro: %s', (name, expected) => {
    expect(initialsFrom(name, null)).toBe(expected);
  });

  it('letras com acentos combinados ficam inteiras', () => {
    // 'e' + U+0301 (acento agudo combinado), 'a' + U+0303 (til combinado)
    expect(initialsFrom('e\u0301rica a\u0303ngelo', null)).toBe('E\u0301A\u0303');
    expect(firstGrapheme('n\u0303\u0301x')).toBe('n\u0303\u0301');
  });

  it('nenhum resultado tem meio par substituto (surrogate) solto', () => {
    for (const name of ['😀 Sorriso', '𝒜lfa', '🏳️‍🌈 Orgulho', '🇧🇷']) {
      const initials = initialsFrom(name, null);
      expect(initials).not.toMatch(LONE_SURROGATE);
      expect(name.startsWith(initials.slice(0, 2)) || name.startsWith(initials)).toBe(true);
    }
  });
});
