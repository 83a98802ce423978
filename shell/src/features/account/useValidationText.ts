import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The shared validators return message keys (`validation.<key>` in the shell's translations);
 * this turns one into the text a field shows, or undefined when the field is valid.
 */
export function useValidationText(): (key: string | undefined) => string | undefined {
  const { t } = useTranslation('shell');
  return useCallback((key) => (key ? t(`validation.${key}`) : undefined), [t]);
}
