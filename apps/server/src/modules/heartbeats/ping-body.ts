import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { PING_NOTE_LENGTH } from './ping.service';

/** Bytes of a body kept: enough for PING_NOTE_LENGTH characters of any UTF-8. */
const KEPT_BYTES = PING_NOTE_LENGTH * 4;
/** A body is read and dropped up to this (a cron job piping its log); past it the ping is refused. */
export const MAX_PING_BODY_BYTES = 10 * 1024 * 1024;

/**
 * Any body of any type (a cron job sends what it has): its first KB are kept for the note, the rest
 * is read and dropped as it comes, so a large log costs no memory; past MAX_PING_BODY_BYTES the
 * request is refused with 413 and records nothing. For the ping routes' scope only.
 */
export function acceptAnyPingBody(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, done) => {
    const kept: Buffer[] = [];
    let keptBytes = 0;
    let total = 0;
    let finished = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > MAX_PING_BODY_BYTES) {
        payload.removeAllListeners('data');
        payload.resume();
        finish(new AppError('BODY_TOO_LARGE', 'A ping body may be at most 10 MiB.'));
        return;
      }
      if (keptBytes < KEPT_BYTES) {
        const part = chunk.subarray(0, KEPT_BYTES - keptBytes);
        kept.push(part);
        keptBytes += part.length;
      }
    });
    payload.on('end', () => finish(null, Buffer.concat(kept)));
    payload.on('error', (error) => finish(error));
  });
}
