// The dashboard readers of bench/support/readers.ts, in a process of their own as browsers would
// be: the server under test does not share its event loop with the load it is measured under.
// Argument: JSON {origin, path, headers, readers, seconds, revalidate}. Prints JSON
// {durations, notModified, elapsedMs} on stdout; exits 1 on any answer but 200/304.
import { Pool } from 'undici';

const { origin, path, headers, readers, seconds, revalidate } = JSON.parse(process.argv[2]);
const pool = new Pool(origin, { connections: readers, pipelining: 1 });
const durations = [];
let notModified = 0;
const until = performance.now() + seconds * 1000;

async function reader() {
  let etag;
  while (performance.now() < until) {
    const began = performance.now();
    const response = await pool.request({
      method: 'GET',
      path,
      headers: { ...headers, ...(revalidate && etag ? { 'if-none-match': etag } : {}) },
    });
    await response.body.arrayBuffer();
    durations.push(performance.now() - began);
    if (response.statusCode === 304) notModified += 1;
    else if (response.statusCode === 200) etag = response.headers.etag;
    else throw new Error(`${path} answered ${response.statusCode}`);
  }
}

const began = performance.now();
try {
  await Promise.all(Array.from({ length: readers }, reader));
} catch (error) {
  console.error(String(error));
  process.exit(1);
} finally {
  await pool.close();
}
process.stdout.write(JSON.stringify({ durations, notModified, elapsedMs: performance.now() - began }));
