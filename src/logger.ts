import pino, { type DestinationStream } from 'pino';
import type { Config } from './config.ts';

/** JSON logs. Keys are never logged: headers are not logged at all, and redaction is the backstop. */
export function createLogger(level: Config['logLevel'], destination?: DestinationStream) {
  return pino(
    {
      level,
      base: { service: 'aevs' },
      redact: {
        paths: ['authorization', 'headers.authorization', 'req.headers.authorization', 'err.rawPacket'],
        censor: '[REDACTED]',
      },
    },
    destination,
  );
}
