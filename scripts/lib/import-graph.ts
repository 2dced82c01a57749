// The import graph of src/: every relative import of every .ts/.tsx/.astro file (static, dynamic and type-only),
// resolved to a file, and the same graph without the type-only imports (what runs). Used by the test that keeps the
// layers pointing one way and the graph free of circles.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SOURCE = /\.(ts|tsx|astro)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]+)\1/g;
const EXTENSIONS = ['', '.ts', '.tsx', '.astro', '/index.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) ? [full] : [];
  });
}

/**
 * Import graph of `srcDir`: file (path relative to srcDir, with '/') → the files it imports. With `values`, an import
 * that brings only types is left out (a module may name another layer's row types without calling that layer).
 */
export function importGraph(srcDir: string, { values = false } = {}): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const rel = (p: string) => relative(srcDir, p).split('\\').join('/');
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const m of text.matchAll(IMPORT)) {
      if (values && m[0].startsWith('from') && isTypeOnlyAt(text, m.index!)) continue;
      const base = resolve(dirname(file), m[2]);
      const found = EXTENSIONS.map((e) => base + e).find((p) => existsSync(p) && statSync(p).isFile());
      if (found && !targets.includes(rel(found))) targets.push(rel(found));
    }
    graph.set(rel(file), targets);
  }
  return graph;
}

/** Whether the import or re-export whose `from '…'` is at `at` brings only types (`import type`, `{ type A, type B }`). */
function isTypeOnlyAt(text: string, at: number): boolean {
  const starts = [...text.slice(0, at).matchAll(/(?:^|\n)[ \t]*(?=(?:import|export)\b)/g)];
  const head = text.slice(starts.length ? starts.at(-1)!.index! + starts.at(-1)![0].length : at, at);
  if (head.includes(';')) return false;
  if (/^(?:import|export)\s+type\b/.test(head)) return true;
  const braces = /^(?:import|export)\s*\{([^}]*)\}\s*$/.exec(head);
  return braces !== null && braces[1]!.split(',').every((n) => n.trim() === '' || /^type\s/.test(n.trim()));
}

/** Every import circle of the graph (strongly connected components of more than one file, or a file importing itself). */
export function importCircles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (v: string) => {
    order.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!order.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, order.get(w)!));
    }
    if (low.get(v) === order.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) circles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!order.has(v)) visit(v);
  return circles;
}
