// Builds the fixtures of the contract tests once: the previously released shell and mf-catalog
// (from git, cached per commit outside the repository) and a deliberately skewed mf-catalog.
import { test } from '@playwright/test';
import { baseCommit, buildAtCommit, buildSkewedCatalog } from '../support/contract';

test('build the previously released shell and remote, and a skewed remote', () => {
  test.setTimeout(300_000);
  const { sha } = baseCommit();
  buildAtCommit(sha, ['shell', 'mf-catalog']);
  buildSkewedCatalog();
});
