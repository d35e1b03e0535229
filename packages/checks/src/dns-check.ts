import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { getServers } from 'node:dns';
import { isIP } from 'node:net';
import type { CheckSpec } from '@paydar/contracts/agent';
import {
  type Answer,
  type DecodedPacket,
  decode,
  encode,
  type Packet,
  RECURSION_DESIRED,
  type RecordType,
} from 'dns-packet';
import { resolveHost } from './connect';
import { ANAME_NOTE, recordTypesFor, renderAnswer } from './dns-records';
import { queryTcp } from './dns-tcp';
import { CheckError } from './errors';
import { type CheckContext, now, onAbort, type ProtocolCheck, since } from './probe';
import { parseHostPort } from './tcp-check';

/** A DNS server to ask: an IP address and a port. */
export interface DnsServer {
  address: string;
  port: number;
}

function buildQuery(name: string, type: RecordType): Packet {
  return {
    type: 'query',
    id: randomInt(0, 65536),
    flags: RECURSION_DESIRED,
    questions: [{ type, name }],
    // EDNS0 with a 1232-byte buffer (the DNS flag day figure): big answers fit in UDP more often.
    additionals: [
      {
        type: 'OPT',
        name: '.',
        udpPayloadSize: 1232,
        extendedRcode: 0,
        ednsVersion: 0,
        flags: 0,
        flag_do: false,
        options: [],
      },
    ],
  };
}

/** One query over UDP; only a response with the query's id from the server's address is accepted. */
function queryUdp(server: DnsServer, query: Packet, ctx: CheckContext): Promise<DecodedPacket> {
  return new Promise((resolve, reject) => {
    const socket = createSocket(isIP(server.address) === 6 ? 'udp6' : 'udp4');
    const settle = (err: unknown, packet?: DecodedPacket) => {
      off();
      socket.close();
      if (packet) resolve(packet);
      else reject(err);
    };
    const off = onAbort(ctx.signal, () => settle(ctx.signal.reason));
    socket.on('error', (err) => settle(err));
    socket.on('message', (message, from) => {
      if (from.port !== server.port || from.address !== server.address) return;
      let packet: DecodedPacket;
      try {
        packet = decode(message);
      } catch {
        return;
      }
      if (packet.id === query.id && packet.flag_qr) settle(null, packet);
    });
    socket.send(encode(query), server.port, server.address, (err) => {
      if (err) settle(err);
    });
  });
}

async function ask(server: DnsServer, name: string, type: RecordType, ctx: CheckContext) {
  const query = buildQuery(name, type);
  const packet = await queryUdp(server, query, ctx);
  if (!packet.flag_tc) return { packet, transport: 'udp' };
  return { packet: await queryTcp(server, query, ctx), transport: 'tcp' };
}

const rcodeOf = (packet: DecodedPacket) => (packet as { rcode?: string }).rcode ?? 'NOERROR';

/**
 * DNS: the query name and type asked of spec.dns.resolver (the system's first resolver when
 * absent) over UDP, retried over TCP when the answer is truncated. Success is NOERROR with at
 * least one answer. response = the query round trip; duration = resolve (only when the resolver
 * is given by name) + response.
 */
export const runDnsCheck: ProtocolCheck<CheckSpec> = async (spec, ctx, probe) => {
  const options = spec.dns ?? { query_name: spec.target, query_type: 'A' as const };
  const userResolver = options.resolver?.trim();
  const resolverText = userResolver || getServers()[0];
  if (!resolverText) throw new CheckError('no DNS resolver configured');
  const { host, port } = parseHostPort(resolverText, 53);
  // The system's own resolver is trusted as it is; one the user names is a target like any other.
  const guardCtx = userResolver ? ctx : { ...ctx, allowPrivateTargets: true };
  const [address = host] = await resolveHost(host, guardCtx, probe);
  const server = { address, port };
  probe.extra.resolver = `${isIP(address) === 6 ? `[${address}]` : address}:${port}`;
  probe.extra.query = { name: options.query_name, type: options.query_type };
  if (options.query_type === 'ANAME') probe.extra.note = ANAME_NOTE;

  const start = now();
  const replies = await Promise.all(
    recordTypesFor(options.query_type).map((type) => ask(server, options.query_name, type, ctx)),
  );
  probe.phases.response = since(start);
  probe.duration = Math.round(((probe.phases.resolve ?? 0) + probe.phases.response) * 1000) / 1000;
  probe.extra.transport = replies.some((r) => r.transport === 'tcp') ? 'tcp' : 'udp';

  const failed = replies.map((r) => rcodeOf(r.packet)).find((rcode) => rcode !== 'NOERROR');
  probe.extra.rcode = failed ?? 'NOERROR';
  const answers: Answer[] = replies.flatMap((r) => r.packet.answers ?? []).filter((a) => a.type !== 'OPT');
  probe.extra.answers = answers.map(renderAnswer);
  if (failed) throw new CheckError(failed);
  if (answers.length === 0) throw new CheckError(`no ${options.query_type} records`);
};
