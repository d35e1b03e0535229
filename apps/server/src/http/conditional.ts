import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type EncodedBody, sendEncoded } from './encoded-body';

/** The response a route answering with an ETag declares beside its 200: the client's copy is current. */
export const notModified = {
  304: z.null().describe('Not modified: the copy whose ETag was sent in If-None-Match is current; no body.'),
};

/** An answer whose validator is known before its body is built (from the data's version). */
export interface VersionedAnswer {
  etag: string;
  /** The body, serialised (and compressed) once however many clients read it. */
  read: () => Promise<EncodedBody>;
}

/** A strong validator of a body that is the same for every reader: a hash of its bytes. */
export const contentEtag = (body: string): string =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

/** If-None-Match (RFC 9110 §13.1.2): a list of tags, weak ones compared weakly, or '*'. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * Sends the ETag and Cache-Control, then 304 when the client already holds this version — without
 * building the body — or the body. Call it only after the caller is known to be allowed to see it.
 */
export async function sendVersioned(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: VersionedAnswer,
  cacheControl: string,
): Promise<FastifyReply> {
  void reply.header('etag', answer.etag).header('cache-control', cacheControl);
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return sendEncoded(request, reply, await answer.read());
}
