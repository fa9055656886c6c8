import pg from 'pg';

/** The channel on which a committed ingest is announced to every process sharing the database. */
export const INGEST_CHANNEL = 'aevs_ingests';
const PROBE = 'probe';
/** How long a new listening connection waits for its own probe before it is taken not to hear. */
const PROBE_WAIT_MS = 2_000;
const RETRY_MS = 5_000;

/**
 * One connection per process that LISTENs for committed ingests (docs/architecture.md, what a
 * process keeps). `onChange` is called for each, and whenever the connection is lost or comes back,
 * since ingests may have gone unheard meanwhile. `hearing` is true only while the connection is up
 * and has heard its own probe: a pooler that does not carry notifications (PgBouncer in transaction
 * mode) never passes the probe, so nothing is kept and every read goes to the database.
 */
export class IngestListener {
  readonly #connectionString: string;
  readonly #onChange: () => void;
  #client: pg.Client | undefined;
  #hearing = false;
  #closed = false;
  #starting: Promise<void> | undefined;
  #retry: NodeJS.Timeout | undefined;

  constructor(connectionString: string, onChange: () => void) {
    this.#connectionString = connectionString;
    this.#onChange = onChange;
  }

  get hearing(): boolean {
    if (!this.#hearing && !this.#starting && !this.#retry && !this.#closed) this.#start();
    return this.#hearing;
  }

  #start(): void {
    this.#starting = this.#connect()
      .catch(() => this.#lost())
      .finally(() => {
        this.#starting = undefined;
      });
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.#connectionString,
      connectionTimeoutMillis: 5_000,
    });
    this.#client = client;
    client.on('error', () => this.#lost());
    client.on('end', () => this.#lost());
    let probed: () => void = () => undefined;
    const heard = new Promise<void>((resolve) => {
      probed = resolve;
    });
    client.on('notification', (message) => {
      if (message.channel !== INGEST_CHANNEL) return;
      if (message.payload === PROBE) probed();
      else this.#onChange();
    });
    await client.connect();
    await client.query(`LISTEN ${INGEST_CHANNEL}`);
    await client.query('SELECT pg_notify($1, $2)', [INGEST_CHANNEL, PROBE]);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), PROBE_WAIT_MS);
      timer.unref();
    });
    const outcome = await Promise.race([heard.then(() => 'heard' as const), timedOut]);
    clearTimeout(timer);
    if (this.#closed || this.#client !== client) return;
    if (outcome !== 'heard') throw new Error('notifications are not delivered on this connection');
    this.#hearing = true;
    this.#onChange();
  }

  #lost(): void {
    const client = this.#client;
    this.#client = undefined;
    const wasHearing = this.#hearing;
    this.#hearing = false;
    client?.removeAllListeners('end');
    client?.on('error', () => undefined);
    client?.end().catch(() => undefined);
    if (wasHearing) this.#onChange();
    if (this.#closed || this.#retry) return;
    // Tried again after a pause (a server restarting, a pooler that never delivers), not at once.
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
    }, RETRY_MS);
    this.#retry.unref();
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#hearing = false;
    clearTimeout(this.#retry);
    await this.#starting;
    const client = this.#client;
    this.#client = undefined;
    client?.removeAllListeners('end');
    client?.on('error', () => undefined);
    await client?.end().catch(() => undefined);
  }
}
