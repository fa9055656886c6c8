import { setFlagsFromString } from 'node:v8';

/**
 * Garbage-collector settings for a long-running aevs process (the server, the CLI), applied first,
 * before anything is read (docs/architecture.md, memory on the request path).
 *
 * V8 "pretenures" a place in the code that allocates objects which mostly survive: from then on its
 * objects are made in the old generation. Reading a screening list into its index makes tens of
 * thousands of lasting name tokens through the same code that reads each screened name for a
 * request, so every request's tokens went to the old generation too, each young collection copied
 * what they pointed to (about 4.5 MB, 5–15 ms at 1,000 resolves a second), and only a full
 * collection freed them. Without pretenuring a request's objects die young, as they should.
 */
export function tuneHeap(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
