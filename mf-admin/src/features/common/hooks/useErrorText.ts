import { useTranslation } from 'react-i18next';

/** The translated text of a shared-contracts message key (undefined when there is none). */
export function useErrorText() {
  const { t } = useTranslation('admin');
  return (key: string | undefined): string | undefined =>
    key ? t(`validation.${key}`, { defaultValue: key }) : undefined;
}
