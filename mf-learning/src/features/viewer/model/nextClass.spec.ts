import { nextClass } from './nextClass';

const classes = ['a', 'b', 'c', 'd'].map((_id) => ({ _id }));

describe('the class a student continues with', () => {
  it('is the first when nothing is done', () => {
    expect(nextClass(classes, new Set())?._id).toBe('a');
  });

  it('is the one after the last marked done, even past a class skipped', () => {
    expect(nextClass(classes, new Set(['a']))?._id).toBe('b');
    expect(nextClass(classes, new Set(['a', 'c']))?._id).toBe('d');
  });

  it('goes back to the first left undone once the last class is done, and is none when all are', () => {
    expect(nextClass(classes, new Set(['a', 'd']))?._id).toBe('b');
    expect(nextClass(classes, new Set(['a', 'b', 'c', 'd']))).toBeNull();
  });
});
