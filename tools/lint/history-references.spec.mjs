// The text of the repository speaks of the product: what the code does and why. A work session's
// or a tracker issue's number ("session 12's runs", "(issue 23)") means nothing to a reader of a
// clone, and git log keeps the history. Another project's issue stays a fair reference: it names
// the project ("rspack issues #6437", "module-federation/core #2208", "LearnHouse #285"). And a
// page points only inside the repository: a path above it is not in a clone.
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = join(import.meta.dirname, '../..');
const SELF = 'tools/lint/history-references.spec.mjs'; // its examples below would be findings

/** "session 13", "Sessions 10-12", "issue 29's", "issues 11 and 21", "issue-27", "issue #34". */
const NUMBERED = /\b(session|issue)s?(?:[ \t-]+#?|[ \t]*#)\d/gi;

/** Words before "issue #N" that leave it ours; any other word names the project it belongs to. */
const NOT_A_PROJECT = new Set(
  'a an and as at by for from in of on or our per see the this that to with'.split(' '),
);

/** The places in `text` that number a session or an issue of this project, as "line: words". */
function historyReferences(text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    for (const m of line.matchAll(NUMBERED)) {
      if (m[0].includes('#')) {
        const before = /([\w@./-]+)[ \t]+$/.exec(line.slice(0, m.index))?.[1];
        if (before && !NOT_A_PROJECT.has(before.toLowerCase())) continue;
      }
      found.push(`${i + 1}: ${line.slice(m.index, m.index + 40).trim()}`);
    }
  });
  return found;
}

/** Tracked files and new ones not ignored, text only: no lockfile, no build output. */
function textFiles() {
  const listed = execFileSync(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return [...new Set(listed.split('\0'))].filter(
    (path) =>
      path &&
      path !== SELF &&
      !/(^|\/)(node_modules|dist)\//.test(path) &&
      !/(^|\/)package-lock\.json$/.test(path) &&
      existsSync(join(root, path)),
  );
}

describe('history references', () => {
  it.each([
    ['a session number', 'the machine is faster than session 12 was', 1],
    ['a session number, capitalised and possessive', '### Session 13: what no longer reads', 1],
    ['a range of sessions', 'measured over sessions 10-12', 1],
    ['an issue number in brackets', 'The practice player (issue 22): big touch targets', 1],
    ['an issue number opening a comment', '// Issue 28, point 1: a bounded cost', 1],
    ['two issue numbers', 'The first screen (issues 11 and 21): the HTML', 1],
    ['an issue number with #', 'as issue #34 asked', 1],
    ['a bare #-numbered issue', 'Issue #34 asked for it', 1],
    ['a branch named after an issue', 'and after (`issue-27`), same mix', 1],
    ['both on one line', 'session 12 against issue 25', 2],
  ])('flags %s', (_what, text, count) => {
    expect(historyReferences(text)).toHaveLength(count);
  });

  it.each([
    ['another project’s issues, by name', 'a known bug (rspack issues #6437)'],
    ['another project’s issue, by repository', 'module-federation/core issue #2208'],
    ['another project’s issue, by # alone', 'module-federation/core #2208 and LearnHouse #285'],
    ['a login session', 'answers 401 without a session; 404 otherwise'],
    ['a session, then a figure', '70% come back with a session, 20% log in'],
    ['an issue as a problem', 'the one issue left: 2 requests unanswered'],
    ['identifiers with a digit', 'const session2 = await login(); issue1.close()'],
  ])('lets through %s', (_what, text) => {
    expect(historyReferences(text)).toEqual([]);
  });

  it('reads every text file of the repository', () => {
    const files = textFiles();
    expect(files).toContain('README.md');
    expect(files).toContain('docs/performance.md');
    expect(files).toContain('api/src/main.ts');
    expect(files.some((f) => f.includes('node_modules/') || f.endsWith('package-lock.json'))).toBe(
      false,
    );
  });

  it('no file numbers a session or an issue of this project', () => {
    const found = [];
    for (const path of textFiles()) {
      const bytes = readFileSync(join(root, path));
      if (bytes.subarray(0, 8000).includes(0)) continue; // binary, as git decides it
      for (const at of historyReferences(bytes.toString('utf8'))) found.push(`${path}:${at}`);
    }
    expect(found).toEqual([]);
  });
});

/** Paths in a page's links and inline code that climb out of the repository from `page`. */
function outsidePaths(page, text) {
  return [...text.matchAll(/(?:\]\(|`)((?:\.\.\/)+[^)`\s]*)/g)]
    .map((m) => m[1])
    .filter((path) => relative(root, resolve(dirname(join(root, page)), path)).startsWith('..'));
}

describe('pages of a clone', () => {
  it('finds a path out of the repository, not one inside it', () => {
    expect(
      outsidePaths('README.md', 'the spec: `../shared/spec/` and [it](../shared/x.md)'),
    ).toEqual(['../shared/spec/', '../shared/x.md']);
    expect(outsidePaths('docs/testing.md', 'see [the README](../README.md), `../api/src`')).toEqual(
      [],
    );
  });

  it('no page points outside the repository, which a clone does not have', () => {
    const found = textFiles()
      .filter((path) => path.endsWith('.md'))
      .flatMap((page) =>
        outsidePaths(page, readFileSync(join(root, page), 'utf8')).map((p) => `${page}: ${p}`),
      );
    expect(found).toEqual([]);
  });
});
