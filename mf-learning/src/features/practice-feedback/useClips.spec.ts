import { COMMON_ERRORS, PRACTICE_CLIP_ERRORS, UPLOAD_ERRORS } from '@circo/shared-contracts';
import { ApiError } from '@circo/shared-web';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import fr from '../../locales/fr.json';
import { clipErrorKey } from './useClips';

const at = (messages: unknown, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], messages);

describe('what a student reads when a clip is refused', () => {
  const codes = [
    ...Object.values(PRACTICE_CLIP_ERRORS),
    UPLOAD_ERRORS.tooLarge,
    UPLOAD_ERRORS.wrongType,
    COMMON_ERRORS.tooManyRequests,
  ];

  it('says to wait a minute after too many clips sent at once (429)', () => {
    const err = new ApiError(429, COMMON_ERRORS.tooManyRequests, 'Too many requests');
    expect(clipErrorKey(err)).toBe('practice.clips.errors.tooFast');
    expect(at(es, clipErrorKey(err))).toMatch(/espera un minuto/);
  });

  it.each([es, en, fr].map((m, i) => [['es', 'en', 'fr'][i], m] as const))(
    'has a text in %s for every refusal it names',
    (_lang, messages) => {
      for (const code of codes) {
        const text = at(messages, clipErrorKey(new ApiError(400, code, code)));
        expect(typeof text).toBe('string');
        expect((text as string).length).toBeGreaterThan(10);
      }
      expect(at(messages, clipErrorKey(new Error('network')))).toEqual(
        at(messages, 'practice.clips.errors.failed'),
      );
    },
  );
});
