import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** As http/compression.ts compresses other answers: brotli first at quality 4, then gzip, above 1 KiB. */
const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const THRESHOLD_BYTES = 1024;
const COMPRESS: Record<Encoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (bytes) => gzipSync(bytes),
};

/**
 * A JSON answer serialised to bytes once, and compressed once per encoding when a client first asks
 * for it: a crowd of readers of one kept answer costs neither a stringify, nor an encoding of the
 * text, nor a compression each.
 */
export class EncodedBody {
  private readonly compressed = new Map<Encoding, Buffer>();
  readonly plain: Buffer;

  constructor(json: string) {
    this.plain = Buffer.from(json);
  }

  get size(): number {
    return this.plain.length;
  }

  get json(): string {
    return this.plain.toString();
  }

  bytes(encoding: Encoding): Buffer {
    let bytes = this.compressed.get(encoding);
    if (!bytes) {
      bytes = COMPRESS[encoding](this.plain);
      this.compressed.set(encoding, bytes);
    }
    return bytes;
  }
}

/** The body as the client accepts it; the compression plugin leaves an answer with a Content-Encoding alone. */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: EncodedBody): FastifyReply {
  void reply.type('application/json; charset=utf-8');
  if (body.size < THRESHOLD_BYTES) return reply.send(body.plain);
  const vary = reply.getHeader('vary');
  void reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  const header = request.headers['accept-encoding'];
  // Read as the plugin reads it: x-gzip is gzip's old name, and '*' is taken as gzip.
  const encoding = header
    ? (negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]) as Encoding | null)
    : null;
  if (!encoding) return reply.send(body.plain);
  return reply.header('content-encoding', encoding).send(body.bytes(encoding));
}
