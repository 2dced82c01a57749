// Hostile data renders as text: no code path hands raw HTML to the DOM.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

/** Raw markup allowed where it is a constant of the source, never data: file → why. */
const ALLOWED: Record<string, string> = {
  'src/layouts/Base.astro':
    "the agency-identity script from agencyIdentityScript(): fixed code plus the build's Supabase URL and key and the default name and e-mail, JSON-encoded with '<' escaped; the name and e-mail it applies go in by textContent and setAttribute only",
  'src/components/landing/Icon.astro': 'SVG paths fixed in the file itself, chosen by a typed icon name at build time',
  'src/layouts/SignedInFrame.astro':
    "the boot scripts compiled from src/boot: frame.ts (guard, held events and first requests) with its config, the build's Supabase URL and the requests recorded at build time, JSON-encoded with '<' escaped; first-paint.ts, fixed code with no data at all",
  'src/boot/StoredSessionHint.astro':
    "the boot script compiled from src/boot/session-hint.ts with the build's Supabase URL, JSON-encoded with '<' escaped",
  'src/boot/PaintList.astro':
    "the row's fill template, the row component rendered by React at build time (React escapes every value), and the boot script compiled from src/boot with its fixed config JSON-encoded with '<' escaped; the rows it paints go in by textContent, setAttribute and style properties only",
  'src/boot/PaintDashboard.astro':
    "the fill templates of the dashboard's recent projects and of a card, the screen's parts rendered by React at build time (React escapes every value), and the boot script compiled from src/boot with its fixed config JSON-encoded with '<' escaped; what it paints goes in by textContent and setAttribute only",
  'src/boot/PaintProject.astro':
    "the project detail's fill template, the screen's view rendered by React at build time (React escapes every value), and the boot script compiled from src/boot with its fixed config JSON-encoded with '<' escaped; the project it paints goes in by textContent and setAttribute only",
};

describe('nenhum HTML cru vindo de dados', () => {
  it('src/ não usa dangerouslySetInnerHTML, set:html, innerHTML, outerHTML nem insertAdjacentHTML', () => {
    const offenders = files('src')
      .filter((f) => /\.(astro|tsx?|jsx?)$/.test(f) && !(f in ALLOWED))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ f, i: i + 1, line }))
          .filter(({ line }) => /dangerouslySetInnerHTML|set:html|\.innerHTML\s*=|\.outerHTML\s*=|insertAdjacentHTML/.test(line)),
      )
      .map(({ f, i }) => `${f}:${i}`);
    expect(offenders).toEqual([]);
  });
});
