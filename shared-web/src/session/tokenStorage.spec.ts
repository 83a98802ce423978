// The token in localStorage, and the signed-in hint cookie kept in step with it (never the token).
import { readToken, writeToken } from './tokenStorage';

const hint = () => document.cookie.split('; ').find((c) => c.startsWith('signed_in='));

afterEach(() => writeToken(null));

it('sets the signed-in hint while a token is stored, and drops it with the token', () => {
  writeToken('header.payload.signature');
  expect(localStorage.getItem('token')).toBe('header.payload.signature');
  expect(hint()).toBe('signed_in=1');
  expect(document.cookie).not.toContain('payload');
  writeToken(null);
  expect(hint()).toBeUndefined();
});

it('sets the hint for a token stored before the hint existed, when the token is read', () => {
  localStorage.setItem('token', 'an.older.token');
  expect(hint()).toBeUndefined();
  expect(readToken()).toBe('an.older.token');
  expect(hint()).toBe('signed_in=1');
  localStorage.removeItem('token');
  expect(readToken()).toBeNull();
  expect(hint()).toBeUndefined();
});
