import { isValidRange, satisfies } from './semver.js';

describe('satisfies (npm range semantics)', () => {
  it.each([
    ['1.2.3', '1.2.3', true],
    ['1.2.4', '1.2.3', false],
    ['1.9.0', '^1.2.3', true],
    ['2.0.0', '^1.2.3', false],
    ['1.2.2', '^1.2.3', false],
    ['0.2.9', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['0.0.4', '^0.0.3', false],
    ['1.2.9', '~1.2.3', true],
    ['1.3.0', '~1.2.3', false],
    ['7.18.5', '^7.99.0', false],
    ['19.3.1', '>=19.0.0 <20', true],
    ['20.0.0', '>=19.0.0 <20', false],
    ['3.1.0', '^1.0.0 || ^3.0.0', true],
    ['2.1.0', '^1.0.0 || ^3.0.0', false],
    ['1.4.0', '1.x', true],
    ['2.0.0', '1.x', false],
    ['5.0.0', '*', true],
    ['1.2.0', '>= 1.1.0', true],
    ['2.0.0-rc.1', '^1.0.0', false],
    ['2.0.0-rc.1', '^2.0.0-rc.0', true],
    ['2.0.0', '^2.0.0-rc.0', true],
  ])('%s in %s: %p', (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it('refuses what it does not understand rather than guessing', () => {
    expect(isValidRange('1.2.3 - 2.0.0')).toBe(false);
    expect(isValidRange('latest')).toBe(false);
    expect(satisfies('1.0.0', 'latest')).toBe(false);
    expect(satisfies('not a version', '*')).toBe(false);
  });
});
