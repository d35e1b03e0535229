// A debug hook only the live benchmark loads into the server it starts (NODE_OPTIONS=--expose-gc
// --require this file); the server's own code knows nothing of it. On SIGUSR2 the server collects
// its garbage and writes its memory figures to the file BENCH_HEAP_FILE names, so the benchmark
// compares like states (what is live after a full collection) instead of RSS, which also moves
// with garbage not yet collected and with pages the allocator keeps or returns.
const fs = require('node:fs');

const file = process.env.BENCH_HEAP_FILE;
if (file && typeof global.gc === 'function') {
  process.on('SIGUSR2', () => {
    global.gc();
    global.gc();
    const usage = process.memoryUsage();
    fs.writeFileSync(file, JSON.stringify({ ...usage, at: Date.now() }));
  });
}
