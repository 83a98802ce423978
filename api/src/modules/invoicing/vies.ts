import { Logger } from '@nestjs/common';

const VIES = 'https://ec.europa.eu/taxation_customs/vies/rest-api/ms';
const TIMEOUT_MS = 3000;
const logger = new Logger('VIES');

/**
 * Asks the EU's VIES service whether a VAT number (canonical: `DE123456789`) is registered:
 * true or false from VIES, null when it could not answer (down, slow, refused). Only when the
 * coach turned the check on (billing settings); the number's format is checked before, always.
 */
export async function viesValid(vatId: string): Promise<boolean | null> {
  const url = `${VIES}/${vatId.slice(0, 2)}/vat/${encodeURIComponent(vatId.slice(2))}`;
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { Accept: 'application/json' },
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { isValid?: unknown; userError?: unknown };
    return typeof body.isValid === 'boolean' && body.userError !== 'MS_UNAVAILABLE'
      ? body.isValid
      : null;
  } catch (err) {
    logger.warn(`VIES did not answer for ${vatId.slice(0, 2)}: ${(err as Error).message}`);
    return null;
  }
}
