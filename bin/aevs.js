#!/usr/bin/env node
// The `aevs` command. The TypeScript sources run directly on Node 24 (type stripping); `npx aevs`
// inside the project finds Node 24 from the `node` devDependency on PATH.
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  process.stderr.write(
    `aevs needs Node.js 24 or newer (this is ${process.version}). Run it through npm: npx aevs …\n`,
  );
  process.exit(1);
}
// Output piped into a reader that stops early (`aevs sources | head -1`) ends the command quietly.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
// Before anything is read: the garbage collector's settings for a long-running process.
const { tuneHeap } = await import('../src/heap.ts');
tuneHeap();
const { runCli } = await import('../src/cli/main.ts');
process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
});
