// A local Supabase in a child process on a data folder, for tests that kill it with SIGKILL mid-work: the child prints
// its URL and keys as one JSON line once it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildBackend {
  url: string;
  publishableKey: string;
  secretKey: string;
  child: ChildProcess;
  /** Resolves when the child has exited. */
  exited: Promise<void>;
}

/** Starts `startLocalSupabase({ dataDir, ...options })` in a child (script written to `scratchDir`). */
export async function spawnBackend(scratchDir: string, dataDir: string, options: Record<string, unknown> = {}): Promise<ChildBackend> {
  const script = path.join(scratchDir, `child-${process.pid}-${Date.now()}.mts`);
  fs.writeFileSync(
    script,
    `import { startLocalSupabase } from ${JSON.stringify(path.join(ROOT, 'local-supabase/index.ts'))};
const sb = await startLocalSupabase({ port: 0, dataDir: process.argv[2], quiet: true, ...JSON.parse(process.argv[3]) });
console.log(JSON.stringify({ url: sb.url, publishableKey: sb.publishableKey, secretKey: sb.secretKey }));
`,
  );
  const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir, JSON.stringify(options)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  let stderr = '';
  child.stderr!.on('data', (c) => (stderr += c));
  const info = await new Promise<{ url: string; publishableKey: string; secretKey: string }>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (c) => {
      out += c;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before listening: ${stderr}`)));
  });
  return { ...info, child, exited };
}

/**
 * Four writers call `write(writer, i)` in a loop; each non-null answer is an acknowledged write. Once `atLeast` are
 * acknowledged (or `withinMs` has passed) the child is killed with SIGKILL mid-burst. Returns what was acknowledged.
 */
export async function burstThenKill<T>(
  backend: Pick<ChildBackend, 'child' | 'exited'>,
  write: (writer: number, i: number) => Promise<T | null>,
  { atLeast, withinMs }: { atLeast: number; withinMs: number },
): Promise<T[]> {
  const acknowledged: T[] = [];
  let killed = false;
  const writer = async (w: number) => {
    for (let i = 0; !killed; i++) {
      try {
        const done = await write(w, i);
        if (done !== null) acknowledged.push(done);
      } catch {
        return; // the server is gone
      }
    }
  };
  const writers = [0, 1, 2, 3].map(writer);
  const started = Date.now();
  while (acknowledged.length < atLeast && Date.now() - started < withinMs) await new Promise((r) => setTimeout(r, 20));
  backend.child.kill('SIGKILL');
  killed = true;
  await backend.exited;
  await Promise.all(writers);
  return acknowledged;
}
