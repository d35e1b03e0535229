import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses every answer above 1 KiB as the client accepts it, brotli first (at the plugin's
 * quality 4: most of the gain for little CPU), then gzip. Answers are whole JSON bodies, long polls
 * included (they wait, then send one body), so nothing streams and nothing is held back by it. Web
 * assets come precompressed from the build (see web-hosting.ts); an answer that already has a
 * Content-Encoding is left alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, { global: true, encodings: ['br', 'gzip'], threshold: 1024 });
}
