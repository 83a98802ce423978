// `node bench/load-client.mjs`: what one request costs the load generator's own CPU (scripts/
// reliability/lib.mjs's Client, on node:http with kept-alive connections) against what it cost
// with fetch, the client `npm run load` used before. On these 2-core machines the generator shares
// the cores with the API and PostgreSQL, so its cost per request is taken from the API's.
// A bare node:http server in this process answers a 1 KiB JSON body; 50 concurrent callers, 5 s
// per client, ROUNDS alternations (default 3). The CPU figure counts client and server together:
// the server's share is the same for both clients.
import { createServer } from 'node:http';
import { Client } from '../scripts/reliability/lib.mjs';
import { median } from './stats.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const body = JSON.stringify({
  _id: 'x',
  items: Array.from({ length: 20 }, (_, i) => ({ i, title: `Clase ${i}` })),
});
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

async function viaFetch(path) {
  const res = await fetch(`${base}${path}`, {
    headers: { authorization: 'Bearer x' },
    signal: AbortSignal.timeout(15_000),
  });
  JSON.parse(await res.text());
}
const client = new Client(base, { record() {} });
client.token = 'x';
const viaHttp = (path) => client.call('bench', 'GET', path);

async function run(fn, ms = 5_000) {
  const cpu0 = process.cpuUsage();
  const t0 = Date.now();
  let n = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (Date.now() - t0 < ms) {
        await fn('/api/x');
        n++;
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  return { perRequest: (cpu.user + cpu.system) / n, rate: n / (ms / 1000) };
}

const figures = { fetch: [], http: [] };
for (let i = 0; i < ROUNDS; i++) {
  figures.fetch.push(await run(viaFetch));
  figures.http.push(await run(viaHttp));
}
server.close();
const cpuOf = (runs) => median(runs.map((r) => r.perRequest));
for (const [name, runs] of Object.entries(figures)) {
  const rate = median(runs.map((r) => r.rate));
  console.log(
    `${name.padEnd(5)} median of ${ROUNDS}: ${cpuOf(runs).toFixed(0)} µs CPU per request, ${rate.toFixed(0)} req/s`,
  );
}
console.log(
  `fetch / node:http, CPU per request: ${(cpuOf(figures.fetch) / cpuOf(figures.http)).toFixed(1)}x`,
);
process.exit(0);
