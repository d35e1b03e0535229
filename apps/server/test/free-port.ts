import net from 'node:net';

/**
 * A loopback port nothing listens on now, for a server that must be told its port before it
 * starts. A fixed port in the ephemeral range can be taken by any outgoing connection.
 */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
