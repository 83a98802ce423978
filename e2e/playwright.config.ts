import { defineConfig } from '@playwright/test';
import { E2E_PORT, baseURL, chromiumArgs, chromiumPath } from './support/env';

export default defineConfig({
  testDir: './journeys',
  timeout: 45_000,
  // a page that needs the session, its remote and its data, on 2 cores shared with a second
  // browser and the server, took over 10 s now and then (a journey of checkout.spec.ts)
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? '../.test-results/playwright.json' },
    ],
  ],
  use: {
    baseURL,
    browserName: 'chromium',
    // a Spanish-speaking visitor: on a first visit the server picks the page's language from the
    // browser's (Accept-Language); journeys about another language choose it as a visitor does
    locale: 'es-ES',
    // a trace records every page of every journey (screenshots and DOM snapshots): a quarter
    // of the browser's CPU (bench/chromium-flags.mjs), for a file a CI run does not keep; a failed
    // journey prints where its page stood instead (fixtures.ts). E2E_TRACE=1 records them again.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    // the visitor asked for less motion: the success card is on screen at once, not fading in
    // while axe measures its colours (a clean-clone run saw a contrast failure mid-fade)
    reducedMotion: 'reduce',
    // the service worker (shell/src/sw/) answers from its caches and its requests pass by
    // page.route: the journeys about practising offline allow it, the others check the network
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    { name: 'journeys', testIgnore: /(ops|contract)\.(spec|setup)\.ts/ },
    // independent releases: builds of the previous release, then the pairs walked (ports from contractPort)
    { name: 'contract-setup', testMatch: /contract\.setup\.ts/ },
    { name: 'contract', testMatch: /contract\.spec\.ts/, dependencies: ['contract-setup'] },
    // re-points /remotes.json and stops remote servers: runs alone, after the others
    { name: 'ops', testMatch: /ops\.spec\.ts/, dependencies: ['journeys'], fullyParallel: false },
  ],
  webServer: {
    command: 'node e2e/support/serve.mjs',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
