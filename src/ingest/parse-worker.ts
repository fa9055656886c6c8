// A parsing thread for one large file of a snapshot: the register's parser, the serialisation and
// the hashing run here while the ingest's thread writes the previous batches to the store. A plain
// file is read here; anything else (a zip entry) arrives in chunks from the ingest's thread, a few
// ahead of need. Prepared batches go back, at most `ahead` of them unconsumed, so memory stays flat
// whatever the size of the file.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parentPort, workerData } from 'node:worker_threads';
import { ADAPTERS, isDataset } from '../registers/index.ts';
import { FormatError } from '../registers/types.ts';
import { type Batch, batchWriter } from './prepare.ts';

export type ParseWorkerData = {
  dataset: string;
  fileName: string;
  /** A plain file is read here; anything else arrives in chunks from the ingest's thread. */
  path: string | undefined;
  batchSize: number;
  ahead: number;
};

export type ToParser = { type: 'chunk'; chunk: Uint8Array | string } | { type: 'end' } | { type: 'ack' };
export type FromParser =
  | { type: 'taken' }
  | { type: 'batch'; batch: Batch }
  | { type: 'done' }
  | { type: 'error'; message: string; format: boolean; line: number | undefined };

const port = parentPort;
if (!port) throw new Error('parse-worker.ts runs as a worker thread');
const { dataset, fileName, path, batchSize, ahead } = workerData as ParseWorkerData;
const post = (message: FromParser) => port.postMessage(message);

let inFlight = 0;
let wake: (() => void) | null = null;
// The file's bytes arrive ahead of need; each one handed to the parser frees room for another.
const arrived: Array<Buffer | string | null> = [];
let wanted = false;
const give = () => {
  const chunk = arrived.shift();
  if (chunk === undefined) return false;
  if (chunk !== null) post({ type: 'taken' });
  return input.push(chunk);
};
const input: Readable = path
  ? createReadStream(path, { highWaterMark: 1 << 16 })
  : new Readable({
      read() {
        wanted = true;
        while (wanted && arrived.length) wanted = give();
      },
    });
port.on('message', (message: ToParser) => {
  if (message.type === 'chunk' || message.type === 'end') {
    const { chunk } = message.type === 'end' ? { chunk: null } : message;
    arrived.push(
      typeof chunk === 'string' || chunk === null
        ? chunk
        : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength),
    );
    while (wanted && arrived.length) wanted = give();
  } else {
    inFlight--;
    wake?.();
    wake = null;
  }
});

const send = async (batch: Batch) => {
  post({ type: 'batch', batch });
  inFlight++;
  while (inFlight >= ahead) await new Promise<void>((resolve) => (wake = resolve));
};

try {
  if (!isDataset(dataset)) throw new Error(`no register ${dataset}`);
  const adapter = ADAPTERS[dataset];
  const batch = batchWriter();
  for await (const item of adapter.parse(input, { fileName })) {
    batch.add(item);
    if (batch.items >= batchSize) await send(batch.take());
  }
  post({ type: 'batch', batch: batch.take() });
  post({ type: 'done' });
} catch (error) {
  post({
    type: 'error',
    message: error instanceof Error ? error.message : String(error),
    format: error instanceof FormatError,
    line: error instanceof FormatError ? error.line : undefined,
  });
}
