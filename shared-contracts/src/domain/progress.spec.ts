import { completedModules, itemProgressPercent, progressPercent } from './progress.js';

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

describe('itemProgressPercent', () => {
  it('is the share of classes done without modules (a course)', () => {
    expect(itemProgressPercent([], { classIds: [] })).toBe(0);
    expect(itemProgressPercent(['a'], { classIds: ['a', 'b', 'c'] })).toBe(33);
    expect(itemProgressPercent(['a', 'b', 'c'], { classIds: ['a', 'b', 'c'] })).toBe(100);
    expect(itemProgressPercent(['x'], { classIds: ['a', 'b'] })).toBe(0);
  });
  it('counts each completed module as one more step (a formation)', () => {
    const modules = [{ classIds: ['a', 'b'] }, { classIds: ['c', 'd'] }];
    const item = { classIds: ['a', 'b', 'c', 'd'], modules };
    expect(itemProgressPercent([], item)).toBe(0);
    // 1 class of 4, no module: 1 / 6
    expect(itemProgressPercent(['a'], item)).toBe(17);
    // 2 classes and module 1 completed: 3 / 6
    expect(itemProgressPercent(['a', 'b'], item)).toBe(50);
    // 3 classes, 1 module: 4 / 6
    expect(itemProgressPercent(['a', 'b', 'c'], item)).toBe(67);
    expect(itemProgressPercent(['a', 'b', 'c', 'd'], item)).toBe(100);
  });
  it('leaves modules without classes out (they could never be completed)', () => {
    const item = { classIds: ['a'], modules: [{ classIds: ['a'] }, { classIds: [] }] };
    expect(itemProgressPercent(['a'], item)).toBe(100);
    expect(itemProgressPercent([], { classIds: [], modules: [{ classIds: [] }] })).toBe(0);
  });
});
