// `node bench/chromium-flags.mjs`: what the journeys' Chromium flags (e2e/support/chromium.mjs)
// and recording no trace (e2e/playwright.config.ts) save. Starts the built API on a scratch PGlite
// database with the demo catalogue, then, in turns, three browsers open the same pages as a
// journey does (a new browser context for each: /, /cursos, /login, each until the app is live):
// Playwright's own flags with a trace recorded (screenshots and snapshots, as `retain-on-failure`
// records every test), the journeys' flags with a trace, and the journeys' flags without.
// Prints the CPU time of the whole browser (every process it started) per page load, median of
// ROUNDS turns each, and the ratios. CPU time, not wall time: the machine is shared.
// Options (env): ROUNDS=5  CHROMIUM_PATH=/usr/bin/chromium
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { startBuiltApi } from './process-tools.mjs';
import { median } from './stats.mjs';
import { chromiumArgs } from '../e2e/support/chromium.mjs';

const root = join(import.meta.dirname, '..');
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PAGES = ['/', '/cursos', '/login'];
const CONTEXTS = 4;

/** utime, stime, cutime and cstime of a process (ms), or null once it is gone. */
function times(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return {
      own: (Number(f[11]) + Number(f[12])) * 10,
      reaped: (Number(f[13]) + Number(f[14])) * 10,
    };
  } catch {
    return null;
  }
}
/** The parent of every process, from /proc. */
function parents() {
  const map = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      map.set(
        Number(d),
        Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ')[1]),
      );
    } catch {
      // gone meanwhile
    }
  }
  return map;
}
/** CPU ms of a process tree so far: every live process's own time, and what its processes reaped. */
function treeCpu(rootPid) {
  const parentOf = parents();
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = parentOf.get(p) ?? 0) if (p === rootPid) return true;
    return false;
  };
  let ms = 0;
  for (const pid of parentOf.keys()) {
    if (!inTree(pid)) continue;
    const t = times(pid);
    if (t) ms += t.own + t.reaped;
  }
  return ms;
}

/** Browser CPU ms per page load with `args`, with or without a trace. */
async function measure(args, traced) {
  const server = await chromium.launchServer({ executablePath: chromePath, args });
  const pid = server.process().pid;
  const browser = await chromium.connect(server.wsEndpoint());
  for (let i = 0; i < CONTEXTS; i++) {
    const context = await browser.newContext({ locale: 'es-ES' });
    if (traced) await context.tracing.start({ screenshots: true, snapshots: true, sources: true });
    const page = await context.newPage();
    for (const path of PAGES) {
      await page.goto(base + path);
      await page.locator('#root[data-live]').waitFor({ state: 'attached', timeout: 60_000 });
    }
    if (traced) await context.tracing.stop();
    await context.close();
  }
  const ms = treeCpu(pid);
  await browser.close();
  await server.close();
  return ms / (CONTEXTS * PAGES.length);
}

const { base, close } = await startBuiltApi(root);
try {
  const playwrights = ['--no-sandbox', '--disable-gpu'];
  const setups = [
    ["Playwright's flags, traced", playwrights, true],
    ["the journeys' flags, traced", chromiumArgs, true],
    ["the journeys' flags, no trace", chromiumArgs, false],
  ];
  const figures = setups.map(() => []);
  await measure(chromiumArgs, false); // warm the server's caches
  for (let r = 0; r < ROUNDS; r++)
    for (const [i, [, args, traced]] of setups.entries())
      figures[i].push(await measure(args, traced));
  const first = median(figures[0]);
  console.log(
    `Chromium CPU per page load (median of ${ROUNDS}; ${CONTEXTS} contexts, each ${PAGES.join(' ')})`,
  );
  for (const [i, [name]] of setups.entries()) {
    const ms = median(figures[i]);
    console.log(
      `  ${name.padEnd(32)} ${ms.toFixed(0).padStart(5)} ms  ${(ms / first).toFixed(2)}x`,
    );
  }
} finally {
  await close();
}
