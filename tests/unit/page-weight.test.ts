import { describe, expect, it } from 'vitest';
import { staticImports } from '../../scripts/lib/page-weight.ts';

describe('staticImports (o que um módulo do build carrega junto)', () => {
  it('segue import e export estáticos do código minificado', () => {
    const code = 'import{j as e}from"./jsx-runtime.D_zvdyIk.js";import"./index.A.js";export{t as x}from"./b.C.js";';
    expect(staticImports(code).sort()).toEqual(['./b.C.js', './index.A.js', './jsx-runtime.D_zvdyIk.js']);
  });

  it('não segue import() dinâmico: esse código só carrega quando usado', () => {
    const code = 'const m=()=>import("./DonutChart.X.js");import{a}from"./a.js";';
    expect(staticImports(code)).toEqual(['./a.js']);
  });
});
