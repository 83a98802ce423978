import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { INVOICE_PATHS, type BillingSettings } from '@circo/shared-contracts';
import { useAdminWrite } from '@circo/shared-web';
import { billingQueries } from '../queries';
import { COUNTRY_KEY, MONTH_KEY, parseRateLines, rateLines } from '../rateLines';

/** The settings as the form edits them: the rate tables as text, one `key=value` a line. */
export type SettingsDraft = Omit<BillingSettings, 'vatOverrides' | 'eurRates'> & {
  vatOverrides: string;
  eurRates: string;
};

/**
 * The billing settings' draft: loaded from the API, edited field by field, and saved whole
 * (PUT /admin/billing/settings) once its rate lines read well; `bad` names the lines that do not.
 */
export function useSettingsDraft() {
  const saved = useQuery(billingQueries.settings()).data;
  const write = useAdminWrite<BillingSettings>();
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  const [bad, setBad] = useState<string | null>(null);
  useEffect(() => {
    if (!saved) return;
    setDraft({
      ...saved,
      vatOverrides: rateLines(saved.vatOverrides),
      eurRates: rateLines(saved.eurRates),
    });
  }, [saved]);

  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) =>
    setDraft((d) => (d ? { ...d, [key]: value } : d));

  const save = () => {
    if (!draft) return;
    const overrides = parseRateLines(draft.vatOverrides, COUNTRY_KEY);
    const rates = parseRateLines(draft.eurRates, MONTH_KEY);
    const lines = [...overrides.bad.map((n) => `${n}`), ...rates.bad.map((n) => `${n} (EUR)`)];
    setBad(lines.length > 0 ? lines.join(', ') : null);
    if (lines.length > 0) return;
    write.reset();
    write.mutate({
      method: 'PUT',
      path: INVOICE_PATHS.settings,
      body: {
        ...draft,
        country: draft.country.trim().toUpperCase(),
        invoiceSeries: draft.invoiceSeries.trim().toUpperCase(),
        creditNoteSeries: draft.creditNoteSeries.trim().toUpperCase(),
        vatOverrides: overrides.values,
        eurRates: rates.values,
      },
    });
  };
  return { draft, set, save, bad, write };
}
