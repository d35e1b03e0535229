// The floor of a check (issue 35): a bare Node process that does what a prober's checks do at the
// same rate and nothing else — one http.get with a fresh connection every 1/rate s, the body read.
// Argument: JSON {url, perSecond}. Prints a line with the count of gets finished each second; the
// benchmark reads this process's CPU from /proc over a window and divides by the gets in it.
import http from 'node:http';

const { url, perSecond } = JSON.parse(process.argv[2]);
let finished = 0;
let failed = 0;

function get() {
  const request = http.get(url, { agent: false }, (response) => {
    response.resume();
    response.on('end', () => {
      finished += 1;
    });
  });
  request.on('error', () => {
    failed += 1;
  });
}

// Started on a fixed schedule, as a prober's slots are, not back to back.
const began = performance.now();
let started = 0;
function pace() {
  const due = Math.floor(((performance.now() - began) / 1000) * perSecond);
  while (started < due) {
    started += 1;
    get();
  }
  setTimeout(pace, Math.max(1, (started + 1) * (1000 / perSecond) - (performance.now() - began)));
}
pace();
setInterval(() => process.stdout.write(`${JSON.stringify({ finished, failed })}\n`), 1000);
