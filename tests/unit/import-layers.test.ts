// src/ imports point one way: pages → layouts → islands → integrations → boot → components → lib, and inside lib
// public → stores → data → domain/util. No file imports a layer above its own, and no import circle exists.
// Data calls belong to the islands: a React component (or its helper .ts) under components/ names a data module's
// types at most, and gets the rows and the actions as props from the island or the island's hooks.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCircles, importGraph } from '../../scripts/lib/import-graph.ts';

const SRC = fileURLToPath(new URL('../../src', import.meta.url));
const graph = importGraph(SRC);
const valueGraph = importGraph(SRC, { values: true });

/** Rank of a file's layer: a file may import only files of a lower or equal rank. */
function rank(file: string): number {
  const layers: Array<[RegExp, number]> = [
    [/^pages\//, 90],
    [/^layouts\//, 80],
    [/^islands\//, 70],
    [/^boot\//, 65],
    [/^components\//, 60],
    [/^integrations\//, 67],
    [/^lib\/public\//, 40],
    [/^lib\/stores\//, 30],
    [/^lib\/data\//, 20],
    [/^lib\/(domain|util)\//, 10],
    [/^lib\/database\.types\.ts$/, 0],
    [/^styles\//, 0],
  ];
  return layers.find(([re]) => re.test(file))?.[1] ?? 100;
}

describe('camadas de src/', () => {
  it('encontra os arquivos e os imports de src/', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('pages/login.astro')).toContain('lib/public/login-page.ts');
  });

  it('nenhum arquivo importa de uma camada acima da sua (lib nunca importa components)', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.filter((t) => rank(t) > rank(file)).map((t) => `${file} → ${t}`),
    );
    expect(upward).toEqual([]);
  });

  it('componentes React não chamam módulos de dados: só usam seus tipos', () => {
    const calls = [...valueGraph]
      .filter(([file]) => /^components\/.*\.tsx?$/.test(file))
      .flatMap(([file, targets]) => targets.filter((t) => t.startsWith('lib/data/')).map((t) => `${file} → ${t}`));
    expect(calls).toEqual([]);
  });

  it('um import só de tipos não conta como chamada; um import de valor conta', () => {
    expect(graph.get('components/tasks/TasksTable.tsx')).toContain('lib/data/tasks.ts');
    expect(valueGraph.get('components/tasks/TasksTable.tsx')).not.toContain('lib/data/tasks.ts');
    expect(valueGraph.get('islands/tasks/useTaskList.ts')).toContain('lib/data/tasks.ts');
  });

  it('todo arquivo de src/ está numa camada conhecida', () => {
    expect([...graph.keys()].filter((f) => rank(f) === 100 && f !== 'env.d.ts')).toEqual([]);
  });

  it('não há import circular', () => {
    expect(importCircles(graph)).toEqual([]);
  });

  it('um import circular é encontrado', () => {
    const circular = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(importCircles(circular)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
