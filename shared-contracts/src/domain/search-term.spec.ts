import { isSearchableTerm } from './search-term.js';

describe('isSearchableTerm', () => {
  it('needs 3 letters or digits in a row, accents and other scripts included', () => {
    for (const ok of ['aro', 'ÁRO', 'acrobacia aérea', 'ñoño', '123', 'a 500%', 'zancos!', 'диа'])
      expect([ok, isSearchableTerm(ok)]).toEqual([ok, true]);
    for (const short of ['', 'a', 'ab', 'a b', 'ñu', '50%', '% _', 'a-b-c', '  ab  '])
      expect([short, isSearchableTerm(short)]).toEqual([short, false]);
  });
});
