import { ConfigError, loadConfig } from './config.ts';
import { tuneHeap } from './heap.ts';
import { startServer } from './server.ts';

// `npm start`: the server, configured from the environment.
tuneHeap();
try {
  await startServer(loadConfig());
} catch (error) {
  process.stderr.write(`aevs: ${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
