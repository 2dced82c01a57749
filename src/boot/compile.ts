// Build time only: turns a boot module into the source of an inline script. esbuild bundles the module with what it
// imports (the same formatting, labels and rules the components use), minified, as one IIFE; `config` (the page's
// fixed values, never data of a user) is handed to the module's `run` as a JSON literal. Results are cached per
// module and config, so a page rendered many times compiles once.
import { buildSync } from 'esbuild';
import { join } from 'node:path';

const cache = new Map<string, string>();

/** JSON for inside a <script>: `<` escaped, so no value can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A function of a module under src/ that a boot script imports: its path from src/ and export name. */
export interface BootImport {
  module: string;
  name: string;
}

const importOf = ({ module, name }: BootImport, as: string) => `import { ${name} as ${as} } from ${JSON.stringify(`./${module}`)};`;

/**
 * The inline script that runs `run(config)` of `src/boot/<entry>.ts`. With `fill`, a function (a screen's row → fill
 * values, or a gate) passed as `run`'s second argument.
 */
export function bootScript(entry: string, config: unknown, fill?: BootImport): string {
  const contents =
    importOf({ module: `boot/${entry}.ts`, name: 'run' }, 'run') +
    (fill ? importOf(fill, 'fill') : '') +
    `run(${scriptJson(config)}${fill ? ',fill' : ''});`;
  return compile(`boot-${entry}.ts`, contents);
}

/**
 * The signed-in page's one head script: frame.ts's `run(config, gate, paint)`, with the gate of a pre-paint and the
 * pre-paint itself (a boot module's `run` with its config and fill function), which the page starts once its frame
 * is parsed.
 */
export function frameScript(config: unknown, paint?: { entry: string; config: unknown; fill?: BootImport }): string {
  const contents =
    importOf({ module: 'boot/frame.ts', name: 'run' }, 'run') +
    (paint
      ? importOf({ module: 'boot/prepaint.ts', name: 'prepaintGate' }, 'gate') +
        importOf({ module: `boot/${paint.entry}.ts`, name: 'run' }, 'paint') +
        (paint.fill ? importOf(paint.fill, 'fill') : '') +
        `run(${scriptJson(config)},gate,()=>paint(${scriptJson(paint.config)}${paint.fill ? ',fill' : ''}));`
      : `run(${scriptJson(config)});`);
  return compile('boot-frame.ts', contents);
}

/** esbuild's IIFE of `contents` (resolved from src/), minified; cached by its text. */
function compile(sourcefile: string, contents: string): string {
  const known = cache.get(contents);
  if (known !== undefined) return known;
  const out = buildSync({
    stdin: { contents, resolveDir: join(process.cwd(), 'src'), loader: 'ts', sourcefile },
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
  if (out.warnings.length > 0) throw new Error(`boot script ${sourcefile}: ${out.warnings.map((w) => w.text).join('; ')}`);
  const code = out.outputFiles[0]!.text.trim().replace(/<\/script/gi, '<\\/script');
  cache.set(contents, code);
  return code;
}
