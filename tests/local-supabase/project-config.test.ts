// The reader of supabase/config.toml: the TOML subset the Supabase CLI's file uses, and the settings taken from it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseToml, readProjectConfig } from '../../local-supabase/project-config.ts';

describe('parseToml', () => {
  it('reads sections, strings, booleans, numbers and one-line string arrays, and ignores comments', () => {
    const toml = parseToml(`project_id = "portal-ia" # the id
[api]
schemas = ["public", "graphql_public"]
max_rows = 1000

[auth.email]
# on hosted projects this is the dashboard's 'Confirm email'
enable_confirmations = false
max_frequency = "1m0s"
subject = "Olá # não é comentário"
`);
    expect(toml.get('')?.get('project_id')).toBe('portal-ia');
    expect(toml.get('api')?.get('schemas')).toEqual(['public', 'graphql_public']);
    expect(toml.get('api')?.get('max_rows')).toBe(1000);
    expect(toml.get('auth.email')?.get('enable_confirmations')).toBe(false);
    expect(toml.get('auth.email')?.get('max_frequency')).toBe('1m0s');
    expect(toml.get('auth.email')?.get('subject')).toBe('Olá # não é comentário');
  });

  it('a key of one section does not leak into another', () => {
    const toml = parseToml('[auth]\nenable_confirmations = false\n[auth.email]\nenable_signup = true\n');
    expect(toml.get('auth.email')?.has('enable_confirmations')).toBe(false);
  });
});

describe('readProjectConfig', () => {
  it('enable_confirmations defaults to true without a file, without the key, or with a value that is not a boolean', () => {
    const dir = mkdtempSync(join(tmpdir(), 'project-config-'));
    try {
      expect(readProjectConfig(null).enableConfirmations).toBe(true);
      expect(readProjectConfig(join(dir, 'missing.toml')).enableConfirmations).toBe(true);
      writeFileSync(join(dir, 'a.toml'), '[auth.email]\nenable_signup = true\n');
      expect(readProjectConfig(join(dir, 'a.toml')).enableConfirmations).toBe(true);
      writeFileSync(join(dir, 'b.toml'), '[auth.email]\nenable_confirmations = "no"\n');
      expect(readProjectConfig(join(dir, 'b.toml')).enableConfirmations).toBe(true);
      writeFileSync(join(dir, 'c.toml'), '[auth.email]\nenable_confirmations = false\n');
      expect(readProjectConfig(join(dir, 'c.toml')).enableConfirmations).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('double_confirm_changes defaults to true (as the Supabase CLI) and is read from [auth.email]', () => {
    const dir = mkdtempSync(join(tmpdir(), 'project-config-'));
    try {
      expect(readProjectConfig(null).doubleConfirmChanges).toBe(true);
      writeFileSync(join(dir, 'a.toml'), '[auth.email]\ndouble_confirm_changes = false\n');
      expect(readProjectConfig(join(dir, 'a.toml')).doubleConfirmChanges).toBe(false);
      writeFileSync(join(dir, 'b.toml'), '[auth]\ndouble_confirm_changes = false\n');
      expect(readProjectConfig(join(dir, 'b.toml')).doubleConfirmChanges).toBe(true);
      expect(readProjectConfig('supabase/config.toml').doubleConfirmChanges).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('enable_signup defaults to true and is read from [auth] only (the [auth.email] key is the e-mail provider)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'project-config-'));
    try {
      expect(readProjectConfig(null).enableSignup).toBe(true);
      writeFileSync(join(dir, 'a.toml'), '[auth]\nenable_signup = false\n');
      expect(readProjectConfig(join(dir, 'a.toml')).enableSignup).toBe(false);
      writeFileSync(join(dir, 'b.toml'), '[auth.email]\nenable_signup = false\n');
      expect(readProjectConfig(join(dir, 'b.toml')).enableSignup).toBe(true);
      expect(readProjectConfig('supabase/config.toml').enableSignup).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('[api] schemas defaults to ["public"] and is read as a list', () => {
    expect(readProjectConfig(null).apiSchemas).toEqual(['public']);
  });

  it("the project's own supabase/config.toml asks for e-mail confirmation and exposes public", () => {
    const config = readProjectConfig('supabase/config.toml');
    expect(config.enableConfirmations).toBe(true);
    expect(config.apiSchemas).toContain('public');
  });
});
