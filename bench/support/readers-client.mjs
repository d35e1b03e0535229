// The dashboard readers of bench/support/readers.ts, in a process of their own as browsers would
// be: the server under test does not share its event loop with the load it is measured under.
// Argument: JSON {origin, cycles: [[{label, path}]], headers, readers, seconds, revalidate}:
// reader i calls the paths of cycle i (mod their count) in turn, keeping an ETag per path. Prints JSON {byLabel: {label: {durations, notModified}}, elapsedMs} on stdout;
// exits 1 on any answer but 200/304.
import { Pool } from 'undici';

const { origin, cycles, headers, readers, seconds, revalidate } = JSON.parse(process.argv[2]);
const pool = new Pool(origin, { connections: readers, pipelining: 1 });
const byLabel = {};
for (const { label } of cycles.flat()) byLabel[label] = { durations: [], notModified: 0 };
const until = performance.now() + seconds * 1000;

async function reader(index) {
  const etags = new Map();
  const paths = cycles[index % cycles.length];
  let next = 0;
  while (performance.now() < until) {
    const { label, path } = paths[next];
    next = (next + 1) % paths.length;
    const etag = etags.get(path);
    const began = performance.now();
    const response = await pool.request({
      method: 'GET',
      path,
      headers: { ...headers, ...(revalidate && etag ? { 'if-none-match': etag } : {}) },
    });
    await response.body.arrayBuffer();
    const tally = byLabel[label];
    tally.durations.push(performance.now() - began);
    if (response.statusCode === 304) tally.notModified += 1;
    else if (response.statusCode === 200) etags.set(path, response.headers.etag);
    else throw new Error(`${path} answered ${response.statusCode}`);
  }
}

const began = performance.now();
try {
  await Promise.all(Array.from({ length: readers }, (_, index) => reader(index)));
} catch (error) {
  console.error(String(error));
  process.exit(1);
} finally {
  await pool.close();
}
process.stdout.write(JSON.stringify({ byLabel, elapsedMs: performance.now() - began }));
