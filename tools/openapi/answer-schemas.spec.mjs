// The generator writes JSON Schema in OpenAPI 3.0's dialect: what the schema generator says with
// draft-07 words (`const`, type lists with null, `T | undefined`) the document says 3.0's way.
import { describe, expect, it } from '@jest/globals';
import { toOpenApi } from './answer-schemas.mjs';

describe('toOpenApi', () => {
  it('writes `T | null` as nullable, for a type and for a reference', () => {
    expect(toOpenApi({ type: ['string', 'null'] })).toEqual({ type: 'string', nullable: true });
    expect(toOpenApi({ anyOf: [{ $ref: '#/definitions/Course' }, { type: 'null' }] })).toEqual({
      allOf: [{ $ref: '#/components/schemas/Course' }],
      nullable: true,
    });
  });

  it('writes a constant as a one-value enum and points references at the components', () => {
    expect(
      toOpenApi({
        type: 'object',
        properties: { ok: { const: true }, course: { $ref: '#/definitions/Course' } },
      }),
    ).toEqual({
      type: 'object',
      properties: { ok: { enum: [true] }, course: { $ref: '#/components/schemas/Course' } },
    });
  });

  it('drops the `undefined` of an answer that may have no body', () => {
    expect(toOpenApi({ anyOf: [{ $ref: '#/definitions/Deletion' }, { not: {} }] })).toEqual({
      $ref: '#/components/schemas/Deletion',
    });
  });

  it('keeps a reference with siblings beside an allOf (3.0 ignores them otherwise)', () => {
    expect(toOpenApi({ $ref: '#/definitions/Course', description: 'the course' })).toEqual({
      allOf: [{ $ref: '#/components/schemas/Course' }],
      description: 'the course',
    });
  });
});
