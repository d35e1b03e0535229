import pino, { type Logger } from 'pino';
import type { ProberConfig } from './config';

/** JSON lines on stdout, one per event, as the server logs. */
export function createLogger(level: ProberConfig['logLevel']): Logger {
  return pino({ level, base: { service: 'paydar-prober' } });
}
