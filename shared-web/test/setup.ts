// Every front-end test file: Testing Library's DOM matchers, media queries that match nothing, an
// unmounted tree and empty storage after each test.
import '@testing-library/jest-dom/jest-globals';
import { cleanup } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks them; browsers have them (the Module Federation runtime uses them)
Object.assign(globalThis, {
  TextEncoder: globalThis.TextEncoder ?? TextEncoder,
  TextDecoder: globalThis.TextDecoder ?? TextDecoder,
});

// jsdom has no media queries: a wide screen with a mouse, where no query matches (a phone's
// layouts are the journeys' to check)
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => undefined,
  removeEventListener: () => undefined,
  addListener: () => undefined,
  removeListener: () => undefined,
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

afterEach(() => {
  cleanup();
  localStorage.clear();
});
