import { Worker } from 'node:worker_threads';
import { ADAPTERS, isDataset } from '../registers/index.ts';
import { FormatError, type RegisterAdapter } from '../registers/types.ts';
import type { InputFile } from './ingest.ts';
import type { FromParser, ParseWorkerData, ToParser } from './parse-worker.ts';
import { type Batch, batchWriter } from './prepare.ts';

/**
 * Items per batch: what the parsing thread hands over at a time. Small, so that a batch is gone
 * before the receiving thread's next minor collection: batches that survive collections make V8
 * grow that thread's young generation as the load goes on (to over 100 MB with 500-item batches).
 */
const BATCH = 100;
/** Batches the parsing thread may have ready before the store has taken them (~20 ms of work). */
const AHEAD = 16;
/** Chunks of the file sent to the parsing thread before it has taken them. */
const CHUNKS_AHEAD = 16;
/** Below this a file is parsed on the ingest's own thread: a parsing thread takes ~0.1 s to start. */
export const WORKER_MIN_BYTES = 16 * 1024 * 1024;

/**
 * The prepared items of one file, in batches. A large file of a registered dataset is parsed on a
 * thread of its own, so that parsing and the store's writes share the machine's cores; anything else
 * (small files, an adapter made for a test) is parsed here.
 */
export async function* readBatches(
  adapter: RegisterAdapter,
  file: InputFile,
  options: {
    inWorker?: boolean | undefined;
    /** Other work, a step at a time, for while the parsing thread has no batch ready: false when none. */
    whileWaiting?: (() => boolean) | undefined;
  } = {},
): AsyncGenerator<Batch> {
  const useWorker =
    isDataset(adapter.dataset) &&
    ADAPTERS[adapter.dataset] === adapter &&
    (options.inWorker ?? (file.size ?? 0) >= WORKER_MIN_BYTES);
  const whileWaiting = options.whileWaiting ?? (() => false);
  if (useWorker && file.path) {
    yield* parseInWorker(adapter.dataset, file.name, file.path, whileWaiting);
    return;
  }
  const stream = await file.open();
  try {
    if (useWorker) {
      yield* parseInWorker(adapter.dataset, file.name, stream, whileWaiting);
      return;
    }
    const batch = batchWriter();
    for await (const item of adapter.parse(stream, { fileName: file.name })) {
      batch.add(item);
      if (batch.items >= BATCH) yield batch.take();
    }
    if (batch.items) yield batch.take();
  } finally {
    stream.destroy();
  }
}

async function* parseInWorker(
  dataset: string,
  fileName: string,
  source: AsyncIterable<unknown> | string,
  whileWaiting: () => boolean,
): AsyncGenerator<Batch> {
  let failure: Error | null = null;
  const path = typeof source === 'string' ? source : undefined;
  const workerData: ParseWorkerData = { dataset, fileName, path, batchSize: BATCH, ahead: AHEAD };
  const worker = new Worker(new URL('./parse-worker.ts', import.meta.url), {
    workerData,
    // A small young generation: the parser makes short-lived strings at a great rate, and a large
    // nursery lets the thread's heap grow to several times what it holds.
    resourceLimits: { maxYoungGenerationSizeMb: 16 },
  });
  const send = (message: ToParser, transfer?: ArrayBuffer[]) => worker.postMessage(message, transfer);
  const ready: Batch[] = [];
  let done = false;
  let notify: (() => void) | null = null;
  const wake = () => {
    notify?.();
    notify = null;
  };
  const fail = (error: unknown) => {
    failure ??= error instanceof Error ? error : new Error(String(error));
    wake();
  };
  // The file is read here (a zip entry, a download: whatever `open` gives) and its bytes copied over,
  // a few chunks ahead of the parser so that it never waits for this thread's turn.
  let sent = 0;
  let room: (() => void) | null = null;
  const pump = async (stream: AsyncIterable<unknown>) => {
    try {
      for await (const value of stream) {
        if (failure) return;
        if (typeof value === 'string') send({ type: 'chunk', chunk: value });
        else {
          const chunk = new Uint8Array(value as Uint8Array);
          send({ type: 'chunk', chunk }, [chunk.buffer]);
        }
        if (++sent >= CHUNKS_AHEAD) await new Promise<void>((resolve) => (room = resolve));
      }
      send({ type: 'end' });
    } catch (error) {
      fail(error);
    }
  };
  worker.on('message', (message: FromParser) => {
    if (message.type === 'taken') {
      sent--;
      room?.();
      room = null;
      return;
    }
    if (message.type === 'batch') ready.push(message.batch);
    else if (message.type === 'done') done = true;
    else fail(message.format ? new FormatError(message.message, message.line) : new Error(message.message));
    wake();
  });
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (!done) fail(new Error(`the parsing thread stopped (exit code ${code})`));
  });
  if (typeof source !== 'string') void pump(source);
  try {
    for (;;) {
      const batch = ready.shift();
      if (batch) {
        send({ type: 'ack' });
        yield batch;
        // A turn of the event loop between batches: the file's next chunks are read and sent on it.
        if (!path) await new Promise((resolve) => setImmediate(resolve));
      } else if (failure) {
        throw failure;
      } else if (done) {
        return;
      } else if (whileWaiting()) {
        // A turn of the event loop after each step: a batch that arrived meanwhile goes first.
        await new Promise((resolve) => setImmediate(resolve));
      } else {
        await new Promise<void>((resolve) => (notify = resolve));
      }
    }
  } finally {
    await worker.terminate();
  }
}
