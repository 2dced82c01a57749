// `tsx local-supabase/cli.ts`: prints what a developer needs, serves, and stops cleanly on Ctrl-C / SIGTERM.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function startCli(args: string[]) {
  // One process (node with tsx's loader), so signals reach the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'local-supabase/cli.ts', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exit = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('Ctrl-C')) {
        clearInterval(timer);
        resolve(out);
      }
    }, 50);
    void exit.then((code) => {
      clearInterval(timer);
      reject(new Error(`cli exited (${code}): ${out}`));
    });
  });
  ready.catch(() => {}); // awaited by the tests that need it
  return { child, ready, exit, output: () => out };
}

describe('CLI', { timeout: 180_000 }, () => {
  it('mostra URL, publishable e secret key, as chaves legadas e a caixa de entrada; responde; SIGINT repetido (Ctrl-C) encerra limpo com código 0', async () => {
    const cli = startCli(['--in-memory', '--port', '0', '--no-rate-limits']);
    const text = await cli.ready;
    const url = /API URL:\s+(\S+)/.exec(text)![1]!;
    const publishableKey = /Publishable key:\s+(\S+)/.exec(text)![1]!;
    const secretKey = /Secret key:\s+(\S+)/.exec(text)![1]!;
    const anonKey = /anon:\s+(\S+)/.exec(text)![1]!;
    expect(text).toMatch(new RegExp(`Inbox:\\s+${url.replace(/[.]/g, '\\.')}/_dev/inbox`));
    expect(publishableKey).toMatch(/^sb_publishable_/);
    expect(secretKey).toMatch(/^sb_secret_/);
    expect(/service_role:\s+(\S+)/.exec(text)![1]!.split('.')).toHaveLength(3);
    expect(anonKey.split('.')).toHaveLength(3);
    expect(await (await fetch(`${url}/_dev/config.json`)).json()).toEqual({ url, publishable_key: publishableKey, anon_key: anonKey });

    // A terminal's Ctrl-C can deliver SIGINT more than once; the second must not cut the clean stop short.
    cli.child.kill('SIGINT');
    cli.child.kill('SIGINT');
    expect(await cli.exit).toBe(0);
    expect(cli.output()).toContain('stopped');
    await expect(fetch(`${url}/auth/v1/health`)).rejects.toThrow();
  });

  it('SIGTERM também encerra limpo; opção desconhecida sai com código 2 e a ajuda', async () => {
    const cli = startCli(['--in-memory', '--port', '0', '--quiet']);
    await cli.ready;
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);

    const bad = startCli(['--porta', '1']);
    expect(await bad.exit).toBe(2);
    expect(bad.output()).toContain('--data-dir');
  });

  it('--email-confirmations off: sign-up answers a session at once; a value other than on/off exits with code 2', async () => {
    const cli = startCli(['--in-memory', '--port', '0', '--quiet', '--email-confirmations', 'off']);
    const text = await cli.ready;
    const url = /API URL:\s+(\S+)/.exec(text)![1]!;
    const publishableKey = /Publishable key:\s+(\S+)/.exec(text)![1]!;
    const res = await fetch(`${url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: publishableKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'cli-auto@exemplo.com.br', password: 'senha-forte-1' }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.access_token).toBeTruthy();
    expect(body.user.email_confirmed_at).toBeTruthy();
    cli.child.kill('SIGTERM');
    expect(await cli.exit).toBe(0);

    const bad = startCli(['--in-memory', '--email-confirmations', 'talvez']);
    expect(await bad.exit).toBe(2);
    expect(bad.output()).toContain('--email-confirmations');
  });
});
