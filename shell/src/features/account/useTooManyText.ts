import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMON_ERRORS } from '@circo/shared-contracts';
import { ApiError } from '@circo/shared-web';

/**
 * A rate-limited form (login, registration, forgot and reset password) answered 429, or 503
 * `common.busy` (more sign-ins at once than the server hashes passwords for): the text that tells
 * the user to wait (how long, when the API says), or null for any other failure.
 */
export function useTooManyText(): (err: unknown) => string | null {
  const { t } = useTranslation('shell');
  return useCallback(
    (err) => {
      if (!(err instanceof ApiError)) return null;
      const busy = err.code === COMMON_ERRORS.busy;
      if (!busy && err.status !== 429 && err.code !== COMMON_ERRORS.tooManyRequests) return null;
      const seconds = Number(err.body?.data?.retryAfterSeconds);
      const wait =
        Number.isFinite(seconds) && seconds > 0
          ? t('tooMany.wait', { count: Math.ceil(seconds) })
          : t('tooMany.waitMoment');
      return `${t(busy ? 'tooMany.busyTitle' : 'tooMany.title')}. ${wait}`;
    },
    [t],
  );
}
