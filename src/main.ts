import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';

// `npm start`: the server, configured from the environment.
try {
  await startServer(loadConfig());
} catch (error) {
  process.stderr.write(`aevs: ${error instanceof ConfigError ? error.message : String(error)}\n`);
  process.exit(1);
}
