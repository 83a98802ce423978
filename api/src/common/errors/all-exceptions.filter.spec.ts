import { ConstraintViolation } from '../../database/db-errors.js';
import { AppError } from './app-error.js';
import { bodyFor } from './all-exceptions.filter.js';

describe('bodyFor', () => {
  it('keeps a domain error as it is', () => {
    expect(bodyFor(new AppError(404, 'courses.not_found', 'Course not found'))).toEqual({
      statusCode: 404,
      code: 'courses.not_found',
      message: 'Course not found',
    });
  });

  it('answers 409 when a delete is refused by a reference (ON DELETE RESTRICT)', () => {
    const driverError = Object.assign(new Error('restrict'), {
      code: '23001',
      constraint: 'access_grants_course_id_courses_id_fk',
    });
    const wrapped = new Error('Failed query: delete from "courses"', { cause: driverError });
    expect(bodyFor(wrapped)).toMatchObject({ statusCode: 409, code: 'common.in_use' });
    const stillReferenced = 'Key (id)=(c1) is still referenced from table "access_grants".';
    expect(
      bodyFor(new ConstraintViolation('foreign_key', '23503', 'x', 'y', stillReferenced))
        .statusCode,
    ).toBe(409);
  });

  it('answers 404 when a write points at a record that does not exist', () => {
    const missing = 'Key (course_id)=(c9) is not present in table "courses".';
    expect(
      bodyFor(new ConstraintViolation('foreign_key', '23503', 'x', 'y', missing)),
    ).toMatchObject({ statusCode: 404, code: 'common.not_found' });
  });

  it('answers 503 when the database cannot be reached', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    expect(bodyFor(new Error('Failed query', { cause: refused }))).toMatchObject({
      statusCode: 503,
      code: 'common.service_unavailable',
    });
    expect(
      bodyFor(Object.assign(new Error('terminating connection'), { code: '57P01' })).statusCode,
    ).toBe(503);
  });

  it('answers 503 when a statement timed out or the database refuses connections for a while', () => {
    const timedOut = Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
    expect(bodyFor(new Error('Failed query', { cause: timedOut })).statusCode).toBe(503);
    const closed = Object.assign(
      new Error('database "shop" is not currently accepting connections'),
      {
        code: '55000',
      },
    );
    expect(bodyFor(closed).statusCode).toBe(503);
  });

  it('hides anything else behind a 500 without details', () => {
    expect(bodyFor(new TypeError('x is undefined'))).toEqual({
      statusCode: 500,
      code: 'common.internal_error',
      message: 'Internal server error',
    });
  });
});
