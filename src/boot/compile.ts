// Build time only: turns a boot module into the source of an inline script. esbuild bundles the module with what it
// imports (the same formatting, labels and rules the components use), minified, as one IIFE; `config` (the page's
// fixed values, never data of a user) is handed to the module's `run` as a JSON literal. Results are cached per
// module and config, so a page rendered many times compiles once.
import { buildSync } from 'esbuild';
import { join } from 'node:path';

const cache = new Map<string, string>();

/** JSON for inside a <script>: `<` escaped, so no value can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A function of src/ a boot script imports and hands to `run`: its module path from src/ and its export name. */
export type BootImport = { module: string; name: string };

/**
 * The inline script that runs `run(config)` of `src/boot/<entry>.ts`. With `fill`, the module path (from src/) of a
 * screen's row → fill values function, passed as `run`'s second argument (the generic filler's screen rule).
 */
export function bootScript(entry: string, config: unknown, fill?: BootImport): string {
  const id = `${entry}\n${fill?.module ?? ''}#${fill?.name ?? ''}\n${JSON.stringify(config)}`;
  const known = cache.get(id);
  if (known !== undefined) return known;
  const src = join(process.cwd(), 'src');
  const contents =
    `import { run } from ${JSON.stringify(`./boot/${entry}.ts`)};` +
    (fill ? `import { ${fill.name} as fill } from ${JSON.stringify(`./${fill.module}`)};` : '') +
    `run(${scriptJson(config)}${fill ? ',fill' : ''});`;
  const out = buildSync({
    stdin: { contents, resolveDir: src, loader: 'ts', sourcefile: `boot-${entry}.ts` },
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2020',
    legalComments: 'none',
    logLevel: 'silent',
  });
  // A warning is an error here: above all `import.meta` (a module reading the build's env), which an inline script
  // does not have. Boot code takes every value of the build from `config`.
  if (out.warnings.length > 0) throw new Error(`boot script ${entry}: ${out.warnings.map((w) => w.text).join('; ')}`);
  const code = out.outputFiles[0]!.text.trim().replace(/<\/script/gi, '<\\/script');
  cache.set(id, code);
  return code;
}
