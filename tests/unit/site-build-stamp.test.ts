import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSite } from '../../scripts/lib/site-build';
import { readStamp, sourcesHash, staleReason, stampFor, STAMP_FILE, writeStamp } from '../../src/integrations/build-stamp';

let dist: string;
beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'site-stamp-'));
  writeFileSync(join(dist, 'index.html'), '<p>oi</p>');
  writeFileSync(join(dist, '_headers'), '/*\n  X-Frame-Options: DENY\n');
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

const LOCAL = stampFor('http://127.0.0.1:54321', 'local-key', 'src-1');

describe('decisão de reconstruir o site', () => {
  it('um build das mesmas fontes para a mesma URL e chave é reaproveitado', () => {
    writeStamp(dist, LOCAL);
    expect(staleReason(dist, stampFor('http://127.0.0.1:54321/', 'local-key', 'src-1'))).toBeNull();
  });

  it('um build feito para outro Supabase é reconstruído, e a razão nomeia o Supabase dele', () => {
    writeStamp(dist, stampFor('https://abcdefgh.supabase.co', 'hosted-key', 'src-1'));
    expect(staleReason(dist, LOCAL)).toBe('o build existente é para o Supabase em https://abcdefgh.supabase.co');
  });

  it('a mesma URL com outra chave (publishable ou anon legada) é reconstruída', () => {
    writeStamp(dist, stampFor('http://127.0.0.1:54321', 'old-key', 'src-1'));
    expect(staleReason(dist, LOCAL)).toBe('o build existente usa outra chave do Supabase');
  });

  it('fontes mudadas levam a um novo build', () => {
    writeStamp(dist, stampFor('http://127.0.0.1:54321', 'local-key', 'src-0'));
    expect(staleReason(dist, LOCAL)).toBe('o código mudou desde o último build');
  });

  it('um build cujo REST vai por outro caminho (origem do site ou Supabase direto) é reconstruído', () => {
    writeStamp(dist, stampFor('http://127.0.0.1:54321', 'local-key', 'src-1', 'direct'));
    expect(staleReason(dist, LOCAL)).toBe('o build existente chama o REST do Supabase diretamente (PUBLIC_SUPABASE_REST=direct)');
    writeStamp(dist, LOCAL);
    expect(staleReason(dist, stampFor('http://127.0.0.1:54321', 'local-key', 'src-1', 'direct'))).toBe(
      'o build existente chama o REST pela origem do site',
    );
  });

  it('uma pasta sem _build.json (build antigo ou interrompido) não é servida', () => {
    expect(staleReason(dist, LOCAL)).toBe('não há um build completo');
  });

  it('um _build.json sem as páginas ou sem _headers não conta como build completo', () => {
    writeStamp(dist, LOCAL);
    rmSync(join(dist, '_headers'));
    expect(staleReason(dist, LOCAL)).toBe('não há um build completo');
    writeFileSync(join(dist, '_headers'), '/*\n');
    rmSync(join(dist, 'index.html'));
    expect(staleReason(dist, LOCAL)).toBe('não há um build completo');
  });

  it('um _build.json ilegível ou incompleto é tratado como ausente', () => {
    writeFileSync(join(dist, STAMP_FILE), '{"supabaseUrl":');
    expect(readStamp(dist)).toBeNull();
    writeFileSync(join(dist, STAMP_FILE), '{"supabaseUrl":"http://127.0.0.1:54321"}');
    expect(staleReason(dist, LOCAL)).toBe('não há um build completo');
  });

  it('o _build.json guarda a URL em claro e só o hash da chave', () => {
    writeStamp(dist, stampFor('https://abcdefgh.supabase.co/', 'segredo-nao', 'src-1'));
    const text = readFileSync(join(dist, STAMP_FILE), 'utf8');
    expect(JSON.parse(text).supabaseUrl).toBe('https://abcdefgh.supabase.co');
    expect(text).not.toContain('segredo-nao');
  });
});

describe('buildSite (npm start)', () => {
  it('mantém, sem construir, um dist/ registrado para as fontes atuais e o mesmo Supabase', async () => {
    const sources = sourcesHash(fileURLToPath(new URL('../..', import.meta.url)));
    writeStamp(dist, stampFor('http://127.0.0.1:54321', 'local-key', sources));
    await expect(buildSite({ outDir: dist, supabaseUrl: 'http://127.0.0.1:54321', publishableKey: 'local-key' })).resolves.toBeNull();
  });
});

describe('hash das fontes', () => {
  it('muda quando um arquivo de src/ muda, e não muda sem mudanças', () => {
    const root = mkdtempSync(join(tmpdir(), 'site-src-'));
    try {
      mkdirSync(join(root, 'src'));
      writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 1;');
      writeFileSync(join(root, 'astro.config.mjs'), 'export default {};');
      const first = sourcesHash(root);
      expect(sourcesHash(root)).toBe(first);
      writeFileSync(join(root, 'src', 'a.ts'), 'export const a = 2;');
      expect(sourcesHash(root)).not.toBe(first);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
