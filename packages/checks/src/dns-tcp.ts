import { type DecodedPacket, type Packet, streamDecode, streamEncode } from 'dns-packet';
import { connectTcp } from './connect';
import type { DnsServer } from './dns-check';
import { CheckError } from './errors';
import { type CheckContext, newProbe, onAbort } from './probe';

/** One query over TCP (RFC 1035 §4.2.2: a two-byte length before each message), for truncated UDP answers. */
export async function queryTcp(server: DnsServer, query: Packet, ctx: CheckContext): Promise<DecodedPacket> {
  // Its connect time is part of the query's round trip, not a phase of its own.
  const socket = await connectTcp([server.address], server.port, ctx, newProbe());
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const settle = (err: unknown, packet?: DecodedPacket) => {
      off();
      socket.destroy();
      if (packet) resolve(packet);
      else reject(err);
    };
    const off = onAbort(ctx.signal, () => settle(ctx.signal.reason));
    socket.on('error', (err) => settle(err));
    socket.on('end', () => settle(new CheckError('DNS server closed the TCP connection')));
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      if (buffered.length < 2 || buffered.length < 2 + buffered.readUInt16BE(0)) return;
      try {
        settle(null, streamDecode(buffered) as DecodedPacket);
      } catch (err) {
        settle(err);
      }
    });
    socket.write(streamEncode(query));
  });
}
