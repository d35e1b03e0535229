import { type ChildProcess, spawn } from 'node:child_process';

const SCRIPT = `
const http = require('node:http');
const server = http.createServer((req, res) => { res.writeHead(200, { 'content-length': '2' }); res.end('ok'); });
server.keepAliveTimeout = 0;
server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));
`;

/** A loopback HTTP target in its own process, so its CPU is not counted as the prober's. */
export async function startTargetProcess(): Promise<{ url: string; stop(): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['-e', SCRIPT], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once('exit', (code) => reject(new Error(`target exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/health`,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}
