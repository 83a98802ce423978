import type { Lang } from '@circo/shared-contracts';

/** "12.3 MB" / "12,3 Mo" in the reader's language. */
export function formatBytes(bytes: number, lang: Lang): string {
  const mb = bytes / (1024 * 1024);
  const [value, unit] = mb >= 1024 ? [mb / 1024, 'gigabyte'] : [mb, 'megabyte'];
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit,
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
