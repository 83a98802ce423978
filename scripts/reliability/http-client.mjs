// The simulated users' HTTP client and the figures it gathers per route group.
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { gunzipSync, inflateSync } from 'node:zlib';

// ---------------------------------------------------------------------------------------------
// figures

/** Requests, statuses and latencies per route group. */
export class Stats {
  constructor() {
    this.groups = new Map();
    this.statuses = new Map();
    this.total = 0;
    this.fiveXX = [];
    this.errorShapeMissing = 0;
  }

  record(group, status, ms) {
    this.total++;
    let g = this.groups.get(group);
    if (!g) this.groups.set(group, (g = { times: [], statuses: new Map() }));
    g.times.push(ms);
    g.statuses.set(status, (g.statuses.get(status) ?? 0) + 1);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
  }

  /** The figures as text lines. */
  report() {
    const q = (sorted, p) =>
      sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
    const lines = [];
    const statusLine = [...this.statuses.entries()]
      .sort((a, b) => String(a[0]).localeCompare(String(b[0])))
      .map(([s, n]) => `${s === 0 ? 'no answer' : s}: ${n}`)
      .join(', ');
    lines.push(`requests: ${this.total}   by status: ${statusLine}`);
    lines.push(
      `${'route group'.padEnd(16)}${'requests'.padStart(9)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'p99 ms'.padStart(9)}   statuses`,
    );
    for (const [name, g] of [...this.groups.entries()].sort()) {
      const sorted = [...g.times].sort((a, b) => a - b);
      const st = [...g.statuses.entries()].map(([s, n]) => `${s || 'none'}x${n}`).join(' ');
      lines.push(
        `${name.padEnd(16)}${String(sorted.length).padStart(9)}${q(sorted, 50).toFixed(0).padStart(9)}${q(sorted, 95).toFixed(0).padStart(9)}${q(sorted, 99).toFixed(0).padStart(9)}   ${st}`,
      );
    }
    return lines;
  }

  count5xx() {
    let n = 0;
    for (const [s, c] of this.statuses) if (s >= 500) n += c;
    return n;
  }
}

/**
 * The simulated users' connections: kept alive and reused, as a browser keeps its connections to a
 * site. node:http rather than fetch: on these 2 cores the generator shares the machine with the
 * API and PostgreSQL, and fetch (WHATWG streams, one AbortSignal timer per request) costs it 3 to
 * 7 times the CPU per request (`node bench/load-client.mjs`; docs/performance.md, "Launch day").
 */
const agent = new HttpAgent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 4096 });

/**
 * One HTTP call: the status (0 when it failed, or the connection stayed silent for `timeoutMs`),
 * the body (decompressed) and its type.
 */
function send(url, method, headers, payload, timeoutMs) {
  return new Promise((resolve) => {
    const req = httpRequest(url, { method, headers, agent, timeout: timeoutMs }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        let raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        try {
          if (encoding === 'gzip') raw = gunzipSync(raw);
          else if (encoding === 'deflate') raw = inflateSync(raw);
        } catch {
          raw = Buffer.alloc(0);
        }
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          text: raw.toString('utf8'),
        });
      });
      res.on('error', () => resolve({ status: 0, type: '', text: '' }));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, type: '', text: '' }));
    req.end(payload);
  });
}

/**
 * A browser-like client of one simulated user: every call is timed into `stats` under its route
 * group, and a request that fails or stays silent for `timeoutMs` counts as status 0.
 */
export class Client {
  constructor(baseUrl, stats, { timeoutMs = 15_000, onAnswer } = {}) {
    this.baseUrl = baseUrl;
    this.stats = stats;
    this.timeoutMs = timeoutMs;
    this.token = null;
    this.onAnswer = onAnswer;
  }

  async call(group, method, path, body) {
    const started = performance.now();
    const payload = body ? JSON.stringify(body) : undefined;
    const headers = {
      // what a browser sends over plain HTTP (and fetch did): the API compresses as it would for one
      'accept-encoding': 'gzip, deflate',
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}),
      ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
    };
    const res = await send(`${this.baseUrl}${path}`, method, headers, payload, this.timeoutMs);
    let json = null;
    try {
      if (res.type.includes('json') && res.text) json = JSON.parse(res.text);
    } catch {
      json = null;
    }
    const { status } = res;
    const ms = performance.now() - started;
    this.stats.record(group, status, ms);
    this.onAnswer?.({ group, method, path, status, json, ms });
    return { status, json };
  }
}
