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
    "the head script compiled from src/boot/frame.ts (guard, held events, first requests, islands after paint, the pre-paint) with its fixed config JSON-encoded with '<' escaped, and the pre-paint's fill templates: the screen's own components rendered by React at build time (React escapes every value), filled later by textContent, setAttribute and style properties only",
  'src/boot/StoredSessionHint.astro':
    "the boot script compiled from src/boot/session-hint.ts with the build's Supabase URL, JSON-encoded with '<' escaped",
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
