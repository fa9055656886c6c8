import type { EventEmitter } from 'node:events';

/**
 * Resolves at the first of these events (a stream's `drain`, or the `error` or `close` after which
 * none comes), taking its listeners off again: a long load waits many times, and would pile them up.
 */
export function firstEvent(emitter: EventEmitter, events: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      for (const event of events) emitter.off(event, done);
      resolve();
    };
    for (const event of events) emitter.on(event, done);
  });
}
