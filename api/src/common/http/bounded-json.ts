import type { FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { COMMON_ERRORS, FIELD_ERRORS } from '@circo/shared-contracts';
import { AppError } from '../errors/app-error.js';
import { MAX_INPUT_DEPTH } from '../pipes/text-input.pipe.js';

/**
 * What a JSON body of this API may hold, checked on the raw bytes before it is parsed: no request
 * body has more than a few dozen fields per object or a few hundred items per list, so these
 * limits only refuse what no client of ours sends. Parsing an object of 90,000 keys alone costs
 * ~80 ms of one core, and validating it seconds: the scan costs ~3 ms per MB and nothing after it.
 */
export const JSON_LIMITS = {
  /** keys of one object */
  keysPerObject: 200,
  /** keys of every object of the body together */
  keys: 10_000,
  /** items of one array */
  arrayItems: 1_000,
  /** objects and arrays nested in each other */
  depth: MAX_INPUT_DEPTH,
} as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

function tooBig(message: string, code: string): AppError {
  return new AppError(400, COMMON_ERRORS.validation, message, {
    errors: [{ field: 'body', code, message }],
  });
}

/**
 * Counts keys and items of the JSON text in one pass over its bytes (strings skipped) and throws
 * a 400 at the first limit passed. Malformed JSON is left for the parser to refuse.
 */
export function checkJsonShape(bytes: Uint8Array, limits = JSON_LIMITS): void {
  // per open container: is it an array, and how many keys/items so far
  const isArray: boolean[] = [];
  const counts: number[] = [];
  // an array's first item is counted on the first byte after `[` that is not a space
  const arrayEmpty: boolean[] = [];
  let keys = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === BACKSLASH) i++;
      else if (b === QUOTE) inString = false;
      continue;
    }
    const top = isArray.length - 1;
    if (top >= 0 && isArray[top] && arrayEmpty[top] && !isSpace(b)) {
      arrayEmpty[top] = false;
      if (b !== CLOSE_ARRAY) counts[top] = 1;
    }
    switch (b) {
      case QUOTE:
        inString = true;
        break;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        if (isArray.length >= limits.depth)
          throw tooBig(
            `The body is nested more than ${limits.depth} levels deep`,
            FIELD_ERRORS.tooDeep,
          );
        isArray.push(b === OPEN_ARRAY);
        counts.push(0);
        arrayEmpty.push(b === OPEN_ARRAY);
        break;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        isArray.pop();
        counts.pop();
        arrayEmpty.pop();
        break;
      case COLON:
        if (top >= 0 && !isArray[top]) {
          if (++counts[top] > limits.keysPerObject)
            throw tooBig(
              `An object of the body has more than ${limits.keysPerObject} fields`,
              FIELD_ERRORS.tooManyKeys,
            );
          if (++keys > limits.keys)
            throw tooBig(`The body has more than ${limits.keys} fields`, FIELD_ERRORS.tooManyKeys);
        }
        break;
      case COMMA:
        if (top >= 0 && isArray[top] && ++counts[top] > limits.arrayItems)
          throw tooBig(
            `A list of the body has more than ${limits.arrayItems} items`,
            FIELD_ERRORS.tooManyItems,
          );
        break;
    }
  }
}

const CHARSET = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;

/**
 * The API's `application/json` parser: UTF-8 only (a body labelled with another charset is 415,
 * not read as UTF-8), the shape limits above, then secure-json-parse (Fastify's own JSON parser:
 * `__proto__` and `constructor.prototype` keys refused). An empty body is a 400.
 */
// async: Nest's body-parser bridge completes with what a promise resolves to
export async function parseBoundedJson(req: FastifyRequest, body: Buffer): Promise<unknown> {
  const charset = CHARSET.exec(req.headers['content-type'] ?? '')?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
    throw new AppError(
      415,
      COMMON_ERRORS.unsupportedMediaType,
      'A JSON body must be UTF-8 (charset=utf-8)',
    );
  }
  if (body.length === 0)
    throw new AppError(400, COMMON_ERRORS.badRequest, 'A JSON request needs a body');
  checkJsonShape(body);
  try {
    return secureJson.parse(body, null, { protoAction: 'error', constructorAction: 'error' });
  } catch (err) {
    throw new AppError(400, COMMON_ERRORS.badRequest, 'The body is not valid JSON', {
      errors: [
        { field: 'body', code: 'invalidJson', message: (err as Error).message.slice(0, 200) },
      ],
    });
  }
}
