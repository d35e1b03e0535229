import { createSocket } from 'node:dgram';
import { createServer } from 'node:net';
import {
  type Answer,
  AUTHORITATIVE_ANSWER,
  type DecodedPacket,
  decode,
  encode,
  streamDecode,
  TRUNCATED_RESPONSE,
} from 'dns-packet';

/**
 * A DNS server on loopback, built with dns-packet, answering from a fixed record set over UDP
 * and TCP on one port. Special names: servfail.test / refused.test answer with those rcodes,
 * big.test is truncated over UDP (the full answer comes over TCP), any other name is NXDOMAIN.
 */

const RCODE = { NOERROR: 0, SERVFAIL: 2, NXDOMAIN: 3, REFUSED: 5 } as const;

function respond(query: DecodedPacket, records: Answer[], overUdp: boolean): Buffer | null {
  const question = query.questions?.[0];
  if (!question) return null;
  const name = question.name.toLowerCase();
  const base = { type: 'response' as const, id: query.id, questions: query.questions };
  const flags = (rcode: number) => AUTHORITATIVE_ANSWER | rcode;
  if (name === 'servfail.test') return encode({ ...base, flags: flags(RCODE.SERVFAIL) });
  if (name === 'refused.test') return encode({ ...base, flags: flags(RCODE.REFUSED) });
  if (name === 'big.test' && overUdp) return encode({ ...base, flags: flags(RCODE.NOERROR) | TRUNCATED_RESPONSE });
  const atName = records.filter((r) => r.name.toLowerCase() === name);
  if (atName.length === 0) return encode({ ...base, flags: flags(RCODE.NXDOMAIN) });
  const qtype = question.type as string;
  const answers = atName.filter((r) => qtype === 'ANY' || r.type === qtype);
  return encode({ ...base, flags: flags(RCODE.NOERROR), answers });
}

function bindUdp(records: Answer[], onQuery: () => void) {
  const udp = createSocket('udp4');
  udp.on('message', (message, from) => {
    onQuery();
    const reply = respond(decode(message), records, true);
    if (reply) udp.send(reply, from.port, from.address);
  });
  return new Promise<ReturnType<typeof createSocket>>((resolve) => udp.bind(0, '127.0.0.1', () => resolve(udp)));
}

function listenTcp(records: Answer[], port: number) {
  const tcp = createServer((socket) => {
    let buffered = Buffer.alloc(0);
    socket.on('error', () => {});
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length < 2 || buffered.length < 2 + buffered.readUInt16BE(0)) return;
      const reply = respond(streamDecode(buffered) as DecodedPacket, records, false);
      if (reply) socket.end(Buffer.concat([Buffer.from([reply.length >> 8, reply.length & 0xff]), reply]));
    });
  });
  return new Promise<ReturnType<typeof createServer>>((resolve, reject) => {
    tcp.once('error', reject);
    tcp.listen(port, '127.0.0.1', () => resolve(tcp));
  });
}

export async function startDnsServer(records: Answer[]) {
  let queries = 0;
  // TCP goes on the UDP port (for the truncation fallback); if that TCP port is taken, try another.
  for (let attempt = 0; ; attempt++) {
    const udp = await bindUdp(records, () => queries++);
    const port = udp.address().port;
    try {
      const tcp = await listenTcp(records, port);
      return {
        port,
        queries: () => queries,
        close: async () => {
          udp.close();
          await new Promise<void>((resolve) => tcp.close(() => resolve()));
        },
      };
    } catch (err) {
      udp.close();
      if (attempt >= 5) throw err;
    }
  }
}

/** A UDP port on loopback that receives queries and never answers them. */
export async function startSilentResolver() {
  const udp = createSocket('udp4');
  udp.on('message', () => {});
  await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', () => resolve()));
  return { port: udp.address().port, close: () => new Promise<void>((resolve) => udp.close(() => resolve())) };
}
