import { isIP } from 'node:net';
import type { CheckSpec } from '@paydar/contracts/agent';
import { connectTcp, resolveHost } from './connect';
import { CheckError } from './errors';
import type { ProtocolCheck } from './probe';

/** Splits "host:port" or "[v6]:port" (a bare host or IPv6 address only with a default port). */
export function parseHostPort(target: string, defaultPort?: number): { host: string; port: number } {
  const t = target.trim();
  if (isIP(t) === 6 && defaultPort !== undefined) return { host: t, port: defaultPort };
  const match = /^\[([^\]]+)\](?::(\d+))?$/.exec(t) ?? /^([^:]+)(?::(\d+))?$/.exec(t);
  const host = match?.[1];
  const port = match?.[2] === undefined ? defaultPort : Number(match[2]);
  if (!host || port === undefined || !Number.isInteger(port) || port < 1 || port > 65535) {
    throw new CheckError('invalid target: expected host:port');
  }
  return { host, port };
}

/** TCP: success when a connection opens; phases resolve and connect, then the socket is closed. */
export const runTcpCheck: ProtocolCheck<CheckSpec> = async (spec, ctx, probe) => {
  const { host, port } = parseHostPort(spec.target);
  const addresses = await resolveHost(host, ctx, probe);
  const socket = await connectTcp(addresses, port, ctx, probe);
  probe.extra.port = port;
  socket.destroy();
};
