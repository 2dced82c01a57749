// Parsers and matchers for the static host's rule files (`_redirects`, `_headers`, Netlify / Cloudflare Pages format),
// shared by the local server and the tests that check it honours them.

export interface RedirectRule {
  from: string;
  to: string;
  status: number;
  /** `!` after the status: applies even when a file exists at the path (Netlify's "force"). */
  force: boolean;
  line: number;
}

export interface HeaderRule {
  pattern: string;
  headers: Array<[string, string]>;
}

/** Parses `_redirects`: `from to [status][!]` per line, `#` comments. */
export function parseRedirects(text: string): RedirectRule[] {
  const rules: RedirectRule[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line) return;
    const parts = line.split(/\s+/);
    if (parts.length < 2) throw new Error(`_redirects linha ${i + 1}: esperado "origem destino [status]"`);
    const [from, to, code = '301'] = parts;
    const m = /^(\d{3})(!?)$/.exec(code);
    if (!m) throw new Error(`_redirects linha ${i + 1}: status inválido "${code}"`);
    rules.push({ from, to, status: Number(m[1]), force: m[2] === '!', line: i + 1 });
  });
  return rules;
}

/** Parses `_headers`: a path pattern line, then indented `Name: value` lines. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  let current: HeaderRule | null = null;
  text.split(/\r?\n/).forEach((raw, i) => {
    if (!raw.trim() || raw.trim().startsWith('#')) return;
    if (!/^\s/.test(raw)) {
      current = { pattern: raw.trim(), headers: [] };
      rules.push(current);
      return;
    }
    const idx = raw.indexOf(':');
    if (!current || idx < 0) throw new Error(`_headers linha ${i + 1}: cabeçalho fora de um bloco de caminho`);
    current.headers.push([raw.slice(0, idx).trim(), raw.slice(idx + 1).trim()]);
  });
  return rules;
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * Matches a path against a pattern with `:placeholders` and a trailing `*` splat (which may be empty:
 * `/*` matches `/`). A trailing slash on either side is ignored. Returns the captured values, or null.
 */
export function matchPattern(pattern: string, path: string): Record<string, string> | null {
  const splat = pattern.endsWith('/*');
  const base = splat ? pattern.slice(0, -2) : trimSlash(pattern);
  const p = splat ? path : trimSlash(path);
  const names: string[] = [];
  const source = base
    .split('/')
    .map((seg) => {
      if (seg.startsWith(':')) {
        names.push(seg.slice(1));
        return '([^/]+)';
      }
      return seg.replace(/[.+?^${}()|[\]\\*]/g, '\\$&');
    })
    .join('/');
  const re = new RegExp(`^${source}${splat ? '/(.*)' : ''}$`);
  const m = re.exec(p);
  if (!m) return null;
  const params: Record<string, string> = {};
  names.forEach((n, i) => (params[n] = m[i + 1]));
  if (splat) params.splat = m[names.length + 1];
  return params;
}

/** Fills `:name` and `:splat` in a rule's destination. */
export function fillDestination(to: string, params: Record<string, string>): string {
  return to.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) => params[name] ?? whole);
}

/** Headers of every block that matches the path, in file order (a later value for the same name is joined). */
export function headersFor(rules: HeaderRule[], path: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of rules) {
    if (!matchPattern(rule.pattern, path)) continue;
    for (const [name, value] of rule.headers) {
      const key = name.toLowerCase();
      const prev = out.get(key);
      out.set(key, prev && key !== 'content-security-policy' && key !== 'cache-control' ? `${prev}, ${value}` : value);
    }
  }
  return out;
}
