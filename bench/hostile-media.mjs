// `npm run bench -- media`: what a hostile practice file costs the API. Each file of the
// hostile-media corpus (api/test/support/media-corpus.ts, compiled here with swc), and each file
// only the reader workers' limits stop, is sent as a clip (or a voice note) by the demo student
// (or admin) ROUNDS times: status and time, median and max; beside them, genuine files of the
// same sizes (a 12 MB recording, a 12 MB MP4), taken and deleted. Then /api/health timed back to
// back while IN_FLIGHT hostile files are in flight, and the coach's queue's size with five clips
// pending. The built API (api/dist) on PGlite with the demo data, production mode.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadCorpus } from './media-corpus.mjs';
import { startBuiltApi } from './process-tools.mjs';

const root = join(import.meta.dirname, '..');
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const IN_FLIGHT = Number(process.env.IN_FLIGHT ?? 10);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
const max = (xs) => Math.max(...xs);

async function send(port, path, token, field, bytes, name, fields = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.set(field, new Blob([bytes]), name);
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, text, ms: performance.now() - started };
}

console.log('Building (nx cache makes this quick when nothing changed)…');
const build = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);

const { mod: corpus, remove } = await loadCorpus();
// the corpus's files are removed if the API does not start
const { port, close } = await startBuiltApi(
  root,
  {
    SERVE_WEB: 'false',
    LOG_LEVEL: 'error',
    JOBS_WORKER: 'false',
    // the figures are about one file's cost, not about the limits that stop repeats
    RATE_LIMIT_UPLOAD: '100000',
    RATE_LIMIT_PRACTICE_CLIPS: '100000',
    RATE_LIMIT_LOGIN: '100000',
    PRACTICE_MAX_PENDING: '100',
  },
  { tries: 900 },
).catch((err) => {
  remove();
  throw err;
});
try {
  const login = async (email, password) =>
    (
      await (
        await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        })
      ).json()
    ).token;
  const student = await login('alumno@circo.local', 'Alumno1234');
  const admin = await login('admin@circo.local', 'Admin1234!');
  const auth = { headers: { authorization: `Bearer ${student}` } };
  const mine = await (await fetch(`http://127.0.0.1:${port}/api/learning/my-items`, auth)).json();
  const course = mine.courses.find((c) => !c.expired);
  if (!course) throw new Error('the demo student owns no course');
  const viewer = await (
    await fetch(`http://127.0.0.1:${port}/api/learning/courses/${course._id}`, auth)
  ).json();
  const classId = viewer.classes?.[0]?._id;
  if (!classId) throw new Error(`no class in ${JSON.stringify(viewer).slice(0, 300)}`);
  const clip = (bytes, name) =>
    send(port, '/api/practice/clips', student, 'file', bytes, name, { classId });
  const mp4 = (b) => b.subarray(4, 8).toString('latin1') === 'ftyp';
  const genuine = await clip(corpus.DEMO_MP4, 'clip.mp4');
  if (genuine.status !== 201) throw new Error(`a genuine clip was refused: ${genuine.text}`);
  const clipId = JSON.parse(genuine.text)._id;
  const voice = (bytes, name) =>
    send(port, `/api/admin/practice/clips/${clipId}/comments`, admin, 'audio', bytes, name, {
      atSeconds: '1',
    });
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(
    `Hostile media: each file ${ROUNDS} times; Node ${process.version}; load average ${load}`,
  );
  console.log('| file | size | status | ms (median) | ms (max) |');
  console.log('|---|---|---|---|---|');
  const row = async (name, bytes, sendIt) => {
    const runs = [];
    for (let i = 0; i < ROUNDS; i++) {
      const r = await sendIt(bytes, mp4(bytes) ? 'clip.mp4' : 'clip.webm');
      runs.push(r);
      if (r.status === 201) {
        await fetch(`http://127.0.0.1:${port}/api/practice/clips/${JSON.parse(r.text)._id}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${student}` },
        });
      }
    }
    const size = `${(bytes.length / 1_048_576).toFixed(bytes.length < 1_048_576 ? 3 : 1)} MB`;
    const statuses = [...new Set(runs.map((r) => r.status))].join('/');
    console.log(
      `| ${name} | ${size} | ${statuses} | ${median(runs.map((r) => r.ms)).toFixed(1)} | ${max(runs.map((r) => r.ms)).toFixed(1)} |`,
    );
  };
  for (const f of [...corpus.HOSTILE_FILES, ...corpus.PARSER_BOMBS]) {
    await row(
      `${f.name}${f.as === 'voice' ? ' (voice note)' : ''}`,
      f.bytes(),
      f.as === 'voice' ? voice : clip,
    );
  }
  await row('genuine: a 12 MB recording', corpus.GENUINE_FILES.recording12MB(), clip);
  await row('genuine: a 12 MB MP4', corpus.GENUINE_FILES.mp412MB(), clip);

  // /api/health while IN_FLIGHT hostile files are in flight, polled back to back
  const dense = corpus.HOSTILE_FILES.filter((f) => f.as === 'clip').map((f) => f.bytes());
  const health = [];
  const flown = [];
  for (let round = 0; round < ROUNDS; round++) {
    let done = false;
    const flight = Promise.all(
      Array.from({ length: IN_FLIGHT }, (_, i) => clip(dense[i % dense.length], 'clip.webm')),
    ).then((r) => {
      done = true;
      return r;
    });
    do {
      const started = performance.now();
      await fetch(`http://127.0.0.1:${port}/api/health`);
      health.push(performance.now() - started);
    } while (!done);
    flown.push(...(await flight));
  }
  console.log(
    `/api/health while ${IN_FLIGHT} hostile files are in flight (${ROUNDS} rounds): ${health.length} answers, median ${median(health).toFixed(1)} ms, max ${max(health).toFixed(1)} ms; ` +
      `the files answered ${[...new Set(flown.map((r) => r.status))].join('/')} within ${max(flown.map((r) => r.ms)).toFixed(1)} ms`,
  );
} finally {
  await close();
  remove();
}
