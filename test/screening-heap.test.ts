import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The child's report (test/helpers/screening-heap.ts): bytes per young-generation collection. */
async function screenInFreshHeap(
  args: string[],
): Promise<{ scavenges: number; promoted: number; survived: number }> {
  const { stdout } = await run(process.execPath, ['test/helpers/screening-heap.ts', ...args]);
  return JSON.parse(stdout);
}

// docs/architecture.md, memory on the request path: with a screening list's index in the heap, what
// a request makes to screen a name dies young, so the collections of the young generation (which
// pause every request in flight) have next to nothing to copy.
describe('screening and the garbage collector', () => {
  it("leaves nothing of a screened name's in either generation, with the server's settings", async () => {
    const [server, untuned] = await Promise.all([screenInFreshHeap(['--as-server']), screenInFreshHeap([])]);
    assert.ok(server.scavenges >= 5, `only ${server.scavenges} young collections: too few to judge`);
    // A request's tokens made in the old generation (pretenured) take what they point to with them;
    // keys kept in a table by name (a WeakMap) outlive their request in the young generation. Either
    // puts hundreds of kilobytes in every collection.
    assert.ok(
      server.promoted < 64 * 1024,
      `moved to the old generation per collection: ${server.promoted} bytes`,
    );
    assert.ok(
      server.survived < 256 * 1024,
      `left in the young generation per collection: ${server.survived} bytes`,
    );
    // Without the settings the same list and stream do show it (400-900 KB a collection): the setup
    // is large enough for V8 to pretenure, so the assertions above can fail.
    assert.ok(
      untuned.promoted > 64 * 1024,
      `without the settings, only ${untuned.promoted} bytes a collection`,
    );
  });
});
