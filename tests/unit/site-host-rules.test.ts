import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fillDestination, headersFor, matchPattern, parseHeaders, parseRedirects } from '../../scripts/lib/host-rules';

describe('_redirects', () => {
  it('lê origem, destino, status e "!" (forçado), ignorando comentários', () => {
    const rules = parseRedirects('# comentário\n/a  /b\n/projects/*  /projects/_/  200\n/admin /admin/dashboard 301!  # fim\n');
    expect(rules).toEqual([
      { from: '/a', to: '/b', status: 301, force: false, line: 2 },
      { from: '/projects/*', to: '/projects/_/', status: 200, force: false, line: 3 },
      { from: '/admin', to: '/admin/dashboard', status: 301, force: true, line: 4 },
    ]);
  });

  it('recusa linhas malformadas com mensagem clara', () => {
    expect(() => parseRedirects('/so-origem')).toThrow(/linha 1/);
    expect(() => parseRedirects('/a /b abc')).toThrow(/status inválido/);
  });

  it('o arquivo do projeto reescreve cada rota dinâmica para o seu shell "_"', () => {
    const rules = parseRedirects(readFileSync('public/_redirects', 'utf8'));
    const rewrite = (path: string) => {
      const rule = rules.find((r) => matchPattern(r.from, path));
      return rule && { to: fillDestination(rule.to, matchPattern(rule.from, path)!), status: rule.status };
    };
    expect(rewrite('/projects/123')).toEqual({ to: '/projects/_/', status: 200 });
    expect(rewrite('/my-clients/abc')).toEqual({ to: '/my-clients/_/', status: 200 });
    expect(rewrite('/my-clients/edit/abc')).toEqual({ to: '/my-clients/edit/_/', status: 200 });
    expect(rewrite('/my-clients/new')).toEqual({ to: '/my-clients/new/', status: 200 });
    expect(rewrite('/admin/clients/abc')).toEqual({ to: '/admin/clients/_/', status: 200 });
    expect(rewrite('/admin/clients/new')).toEqual({ to: '/admin/clients/new/', status: 200 });
    expect(rewrite('/admin/projects/abc')).toEqual({ to: '/admin/projects/_/', status: 200 });
    expect(rewrite('/admin/projects-management')).toBeUndefined();
    expect(rewrite('/admin')).toEqual({ to: '/admin/dashboard', status: 301 });
    expect(rewrite('/admin/billing')).toBeUndefined();
  });
});

describe('matchPattern', () => {
  it('splat captura o resto do caminho, placeholders um segmento', () => {
    expect(matchPattern('/projects/*', '/projects/a/b')).toEqual({ splat: 'a/b' });
    expect(matchPattern('/u/:id/edit', '/u/42/edit')).toEqual({ id: '42' });
    expect(matchPattern('/u/:id/edit', '/u/42/x')).toBeNull();
  });

  it('ignora a barra final e trata /* como todo caminho', () => {
    expect(matchPattern('/admin', '/admin/')).toEqual({});
    expect(matchPattern('/*', '/')).toEqual({ splat: '' });
  });

  it('não confunde prefixos parecidos', () => {
    expect(matchPattern('/projects/*', '/projectsx/1')).toBeNull();
    expect(matchPattern('/a.b', '/axb')).toBeNull();
  });

  it('preenche :splat e placeholders no destino', () => {
    expect(fillDestination('/x/:splat?id=:id', { splat: 'a/b', id: '7' })).toBe('/x/a/b?id=7');
  });
});

describe('_headers', () => {
  it('junta os blocos que casam com o caminho', () => {
    const rules = parseHeaders('/*\n  X-Frame-Options: DENY\n  Vary: Cookie\n/_astro/*\n  Cache-Control: public, max-age=31536000, immutable\n  Vary: Accept-Encoding\n');
    expect(Object.fromEntries(headersFor(rules, '/'))).toEqual({ 'x-frame-options': 'DENY', vary: 'Cookie' });
    expect(Object.fromEntries(headersFor(rules, '/_astro/a.js'))).toEqual({
      'x-frame-options': 'DENY',
      vary: 'Cookie, Accept-Encoding',
      'cache-control': 'public, max-age=31536000, immutable',
    });
  });

  it('recusa um cabeçalho fora de um bloco', () => {
    expect(() => parseHeaders('  X-Frame-Options: DENY')).toThrow(/linha 1/);
  });
});
