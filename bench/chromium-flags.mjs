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

/**
 * CPU ms a process tree has used so far: every live process's own time and what it reaped from
 * its ended children (utime, stime, cutime and cstime), read in one pass over /proc.
 */
function treeCpu(rootPid) {
  const procs = new Map();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const f = readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' ');
      const ms = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * 10;
      procs.set(Number(d), { parent: Number(f[1]), ms });
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid) => {
    for (let p = pid; p > 1; p = procs.get(p)?.parent ?? 0) if (p === rootPid) return true;
    return false;
  };
  let total = 0;
  for (const [pid, { ms }] of procs) if (inTree(pid)) total += ms;
  return total;
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
