import { completedModules, progressPercent } from './progress.js';

describe('progressPercent', () => {
  it('is 0 without classes', () => {
    expect(progressPercent([], [])).toBe(0);
    expect(progressPercent(['a'], [])).toBe(0);
  });
  it('rounds the share of completed classes', () => {
    expect(progressPercent([], ['a', 'b', 'c'])).toBe(0);
    expect(progressPercent(['a'], ['a', 'b', 'c'])).toBe(33);
    expect(progressPercent(['a', 'b'], ['a', 'b', 'c'])).toBe(67);
    expect(progressPercent(['a'], ['a', 'b'])).toBe(50);
    expect(progressPercent(['c', 'b', 'a'], ['a', 'b', 'c'])).toBe(100);
  });
  it('ignores unknown and duplicate ids', () => {
    expect(progressPercent(['a', 'a', 'x', 'y'], ['a', 'b'])).toBe(50);
    expect(progressPercent(['a'], ['a', 'a', 'b'])).toBe(50);
  });
});

describe('completedModules', () => {
  const modules = [
    { classIds: ['a', 'b'] },
    { classIds: ['c'] },
    { classIds: [] },
    { classIds: ['d', 'e'] },
  ];
  it('counts modules whose classes are all done', () => {
    expect(completedModules(modules, [])).toBe(0);
    expect(completedModules(modules, ['a', 'c', 'd'])).toBe(1);
    expect(completedModules(modules, ['a', 'b', 'c', 'd', 'e'])).toBe(3);
  });
  it('never counts an empty module', () => {
    expect(completedModules([{ classIds: [] }], ['a'])).toBe(0);
    expect(completedModules([], ['a'])).toBe(0);
  });
});
