import { describe, expect, it } from 'vitest';
import tailwindConfig from '../../tailwind.config.mjs';
import {
  AFTER_PAINT_LOADER,
  EARLY_EVENTS_SCRIPT,
  importedModules,
  isPublicPage,
  pageStylesheet,
  rewritePublicPage,
} from '../../src/integrations/public-pages';

const PAGE =
  '<!DOCTYPE html><html lang="pt-BR"><head><meta charset="utf-8"><title>Entrar | Portal IA</title>' +
  '<link rel="stylesheet" href="/_astro/confirm-email.Bw.css">' +
  '<script type="module" src="/_astro/ToastRegion.A1.js"></script></head>' +
  '<body><form method="post"><button>Entrar</button></form>' +
  '<script type="module">const g="oi";console.log(g)</script>' +
  '<script type="module" src="/_astro/login.B2.js"></script></body></html>';

describe('importedModules (o que um módulo do build pode carregar)', () => {
  it('segue imports estáticos e import() dinâmico, relativos ou absolutos', () => {
    const code = 'import{a}from"./toast.C3.js";import"./x.D.js";const m=()=>import("./auth.E.js");import("/_astro/y.F.js")';
    expect(importedModules(code, '/_astro/login.B2.js').sort()).toEqual([
      '/_astro/auth.E.js',
      '/_astro/toast.C3.js',
      '/_astro/x.D.js',
      '/_astro/y.F.js',
    ]);
  });
});

describe('rewritePublicPage', () => {
  const saved: string[] = [];
  const out = rewritePublicPage(PAGE, '.x{color:red}', (code) => {
    saved.push(code);
    return '/_astro/page-script.H.js';
  });

  it('troca a folha de estilos do site pelo CSS da página, embutido', () => {
    expect(out).not.toContain('rel="stylesheet"');
    expect(out).toContain('<style>.x{color:red}</style></head>');
  });

  it('nenhum módulo é pedido antes da primeira pintura: todos vão, na ordem do documento, para o carregador', () => {
    expect(out).not.toMatch(/<script type="module" src=/);
    expect(out).toContain(
      '<script type="module" data-after-paint="/_astro/ToastRegion.A1.js /_astro/page-script.H.js /_astro/login.B2.js">',
    );
    expect(out).toContain(AFTER_PAINT_LOADER);
    expect(saved).toEqual(['const g="oi";console.log(g)']);
  });

  it('o script que segura envios e cliques vem primeiro no <head>', () => {
    expect(out.indexOf(EARLY_EVENTS_SCRIPT)).toBeGreaterThan(-1);
    expect(out.indexOf(EARLY_EVENTS_SCRIPT)).toBeLessThan(out.indexOf('<title>'));
  });

  it('uma página sem scripts não ganha carregador nem script de eventos', () => {
    const plain = rewritePublicPage('<html><head><link rel="stylesheet" href="/_astro/a.css"></head><body>404</body></html>', 'p{}', () => {
      throw new Error('nada a salvar');
    });
    expect(plain).toBe('<html><head><style>p{}</style></head><body>404</body></html>');
  });

  it('páginas com ilhas React (as telas logadas) ficam como estão', () => {
    expect(isPublicPage(PAGE)).toBe(true);
    expect(isPublicPage('<body><astro-island uid="1"></astro-island></body>')).toBe(false);
  });
});

describe('pageStylesheet (o Tailwind só do que a página usa)', () => {
  it('gera as classes presentes no HTML e no código da página, e nenhuma outra', async () => {
    const css = await pageStylesheet('@tailwind base;@tailwind utilities;', tailwindConfig, [
      '<p class="text-brand-700 md:hidden">oi</p>',
      'el.className="bg-emerald-50"',
    ]);
    expect(css).toContain('.text-brand-700{');
    expect(css).toContain('@media(min-width:768px){.md\\:hidden{display:none}}');
    expect(css).toContain('.bg-emerald-50{');
    expect(css).not.toContain('.bg-red-500');
    expect(css).not.toMatch(/\n/);
  });
});
