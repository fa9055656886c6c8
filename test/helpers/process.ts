import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type RunResult = { code: number | null; stdout: string; stderr: string };

/** Runs `aevs …` as a user would, on this Node (24, from the devDependency under npm). */
export async function runAevs(args: string[], env: Record<string, string>): Promise<RunResult> {
  const child = spawn(process.execPath, ['bin/aevs.js', ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => {
    stdout += d;
  });
  child.stderr.on('data', (d) => {
    stderr += d;
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  return { code, stdout, stderr };
}

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  stdout: () => string;
  stop: () => Promise<void>;
};

/** Starts `npm start`'s entry point on an ephemeral port and waits for it to listen. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['src/main.ts'], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (d) => {
    err += d;
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}${err}`)), 20_000);
    child.stdout?.on('data', (d) => {
      out += d;
      const match = /"url":"(http:\/\/127\.0\.0\.1:\d+)".*"msg":"aevs listening"/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${out}${err}`));
    });
  });
  return {
    child,
    baseUrl,
    stdout: () => out,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
