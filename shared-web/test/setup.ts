// Every front-end test file: Testing Library's DOM matchers, an unmounted tree and empty storage
// after each test.
import '@testing-library/jest-dom/jest-globals';
import { cleanup } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom lacks them; browsers have them (the Module Federation runtime uses them)
Object.assign(globalThis, {
  TextEncoder: globalThis.TextEncoder ?? TextEncoder,
  TextDecoder: globalThis.TextDecoder ?? TextDecoder,
});

afterEach(() => {
  cleanup();
  localStorage.clear();
});
