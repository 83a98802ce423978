import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import type { UserRow } from '../../src/database/schema.js';
import type { TestApp } from '../support/test-app.js';

/** A bearer token for the user, signed like the login route signs it (no rate limit in the way). */
export async function tokenFor(t: TestApp, user: Pick<UserRow, 'id' | 'role'>): Promise<string> {
  return t.app.get(JwtService, { strict: false }).signAsync({ sub: user.id, role: user.role });
}

/** GET /api<path>, with a bearer token when given. */
export function get(t: TestApp, path: string, token?: string): request.Test {
  const req = request(t.app.getHttpServer()).get(`/api${path}`);
  return token ? req.set('Authorization', `Bearer ${token}`) : req;
}

export const ids = (items: Array<{ _id: string }>) => items.map((i) => i._id);

/** The same text in the three languages unless given. */
export const text = (es: string, en = es, fr = es) => ({ es, en, fr });

/** A word no other row contains (letters only, so it survives any normalisation): a search tag. */
export const uniqueWord = () =>
  'zq' +
  randomUUID()
    .replace(/[^a-f]/g, '')
    .slice(0, 8);

/** Every key anywhere in a JSON value (to prove that no public id or URL field leaks). */
export function allKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      allKeys(v, out);
    }
  }
  return out;
}

export const NOT_FOUND_ID = '00000000-0000-4000-8000-000000000000';
