// The few settings of the project's supabase/config.toml (the Supabase CLI's file) this server honours. A small TOML
// reader: `[section]` headers, `key = value` lines with strings, booleans, numbers and string arrays (on one line or
// spread over several), and `#` comments; anything else is ignored.
import fs from 'node:fs';
import path from 'node:path';

export type TomlValue = string | boolean | number | string[];
export type TomlSections = Map<string, Map<string, TomlValue>>;

function parseValue(raw: string): TomlValue | undefined {
  const v = raw.trim();
  if (v === 'true' || v === 'false') return v === 'true';
  if (/^[+-]?\d+(\.\d+)?$/.test(v)) return Number(v);
  const str = /^"((?:[^"\\]|\\.)*)"$/.exec(v) ?? /^'([^']*)'$/.exec(v);
  if (str) return str[1].replace(/\\(["\\])/g, '$1');
  if (v.startsWith('[') && v.endsWith(']')) {
    return [...v.slice(1, -1).matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'/g)].map((m) => m[1] ?? m[2]);
  }
  return undefined;
}

/** Strips a `#` comment that is not inside a string. */
function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

export function parseToml(text: string): TomlSections {
  const sections: TomlSections = new Map([['', new Map()]]);
  let current = sections.get('')!;
  let pending = '';
  for (const rawLine of text.split(/\r?\n/)) {
    let line = stripComment(rawLine).trim();
    if (pending) {
      pending += ` ${line}`;
      if (!line.includes(']')) continue;
      line = pending;
      pending = '';
    } else if (/^[A-Za-z0-9_-]+\s*=\s*\[[^\]]*$/.test(line)) {
      // An array whose items continue on the next lines, up to the closing bracket.
      pending = line;
      continue;
    }
    if (line === '') continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      const name = header[1].trim();
      if (!sections.has(name)) sections.set(name, new Map());
      current = sections.get(name)!;
      continue;
    }
    const kv = /^([A-Za-z0-9_-]+)\s*=\s*(.+)$/.exec(line);
    const value = kv ? parseValue(kv[2]) : undefined;
    if (kv && value !== undefined) current.set(kv[1], value);
  }
  return sections;
}

export interface ProjectConfig {
  /** `[auth.email] enable_confirmations`: sign-ups must confirm their e-mail before signing in (default true). */
  enableConfirmations: boolean;
  /**
   * `[auth.email] double_confirm_changes`: an e-mail change needs the link sent to the current address and the one sent
   * to the new address (GoTrue's secure e-mail change; default true, as in the Supabase CLI).
   */
  doubleConfirmChanges: boolean;
  /**
   * `[auth.email] secure_password_change`: a password change from a session older than 24 hours needs the code of a
   * reauthentication mail as `nonce` (default false, as in the Supabase CLI).
   */
  securePasswordChange: boolean;
  /** `[auth] enable_signup`: new accounts may sign up (default true); false answers GoTrue's signup_disabled. */
  enableSignup: boolean;
  /** `[api] schemas`: the schemas the REST API exposes (default ["public"]). */
  apiSchemas: string[];
  /**
   * `[auth] signing_keys_path`, resolved against the config file's folder (the `supabase/` folder, as the CLI does):
   * the JWK set user sessions are signed with; null when unset (HS256 with the legacy secret).
   */
  signingKeysPath: string | null;
}

/** Reads the settings from `file`; a missing file, or a missing key, gives the default. */
export function readProjectConfig(file: string | null): ProjectConfig {
  const text = file && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const toml = parseToml(text);
  const confirmations = toml.get('auth.email')?.get('enable_confirmations');
  const doubleConfirm = toml.get('auth.email')?.get('double_confirm_changes');
  const securePassword = toml.get('auth.email')?.get('secure_password_change');
  const signup = toml.get('auth')?.get('enable_signup');
  const schemas = toml.get('api')?.get('schemas');
  const keysPath = toml.get('auth')?.get('signing_keys_path');
  return {
    signingKeysPath: typeof keysPath === 'string' && keysPath !== '' && file ? path.resolve(path.dirname(file), keysPath) : null,
    enableConfirmations: typeof confirmations === 'boolean' ? confirmations : true,
    doubleConfirmChanges: typeof doubleConfirm === 'boolean' ? doubleConfirm : true,
    securePasswordChange: typeof securePassword === 'boolean' ? securePassword : false,
    enableSignup: typeof signup === 'boolean' ? signup : true,
    apiSchemas: Array.isArray(schemas) ? schemas : ['public'],
  };
}
