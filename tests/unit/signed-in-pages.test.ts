import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withModulePreloads } from '../../src/integrations/signed-in-pages';

function dist(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'signed-in-pages-'));
  mkdirSync(join(dir, '_astro'));
  for (const [name, code] of Object.entries(files)) writeFileSync(join(dir, '_astro', name), code);
  return dir;
}

const island = (component: string, client = 'load') =>
  `<astro-island uid="a" component-url="/_astro/${component}" renderer-url="/_astro/client.js" client="${client}" ssr>`;

const links = (html: string) => [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]).sort();

describe('modulepreload das telas logadas', () => {
  const dir = dist({
    'Shell.js': 'import{a}from"./react.js";import"./auth.js";',
    'Screen.js': 'import{b}from"./ui.js";const d=()=>import("./Dialog.js");',
    'client.js': 'import"./react.js";',
    'react.js': '',
    'auth.js': 'export*from"./supabase.js";',
    'supabase.js': '',
    'ui.js': '',
    'Dialog.js': 'import"./dialog-lib.js";',
    'dialog-lib.js': '',
  });
  const page = `<html><head><title>x</title></head><body>${island('Shell.js')}${island('Screen.js', 'only')}</astro-island></astro-island></body></html>`;

  it('pré-carrega cada módulo que as ilhas importam estaticamente, em qualquer profundidade', () => {
    expect(links(withModulePreloads(page, dir))).toEqual(
      ['/_astro/Screen.js', '/_astro/Shell.js', '/_astro/auth.js', '/_astro/client.js', '/_astro/react.js', '/_astro/supabase.js', '/_astro/ui.js'].sort(),
    );
  });

  it('deixa de fora o código carregado sob demanda (import dinâmico)', () => {
    const out = withModulePreloads(page, dir);
    expect(out).not.toContain('Dialog.js"');
    expect(out).not.toContain('dialog-lib.js');
  });

  it('põe os links no <head> e não repete um link que a página já tem', () => {
    const once = withModulePreloads(page, dir);
    expect(once.indexOf('modulepreload')).toBeLessThan(once.indexOf('</head>'));
    expect(withModulePreloads(once, dir)).toBe(once);
  });

  it('não pré-carrega o componente de uma ilha que só hidrata quando visível', () => {
    const lazy = `<html><head></head><body>${island('Screen.js', 'visible')}</astro-island></body></html>`;
    expect(withModulePreloads(lazy, dir)).toBe(lazy);
  });
});
