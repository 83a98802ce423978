import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { BILLING_LIMITS } from '@circo/shared-contracts';
import { Checkbox, Spinner, TextField } from '@circo/shared-web';
import { useSettingsDraft, type SettingsDraft } from '../hooks/useSettingsDraft';

type TextKey = 'legalName' | 'taxId' | 'country' | 'invoiceSeries' | 'creditNoteSeries';
type FlagKey = 'pricesIncludeTax' | 'ossRegistered' | 'viesCheck' | 'stripeTax';
type AreaKey = 'address' | 'vatOverrides' | 'eurRates';

const TEXTS: Array<[TextKey, number]> = [
  ['legalName', BILLING_LIMITS.name],
  ['taxId', BILLING_LIMITS.taxId],
  ['country', 2],
  ['invoiceSeries', BILLING_LIMITS.series],
  ['creditNoteSeries', BILLING_LIMITS.series],
];
const FLAGS: FlagKey[] = ['pricesIncludeTax', 'ossRegistered', 'viesCheck', 'stripeTax'];

/**
 * Who sells and how she invoices: legal name, tax ID, address, country, the invoice and credit
 * note series, whether prices include VAT, OSS, the VIES check, her own rates over the table and
 * the monthly USD to EUR rates.
 */
export function BillingSettingsForm() {
  const { t } = useTranslation('admin');
  const { draft, set, save, bad, write } = useSettingsDraft();
  if (!draft) return <Spinner />;
  const area = (key: AreaKey, hint?: string) => (
    <label className="adm-field">
      <span>{t(`billing.settings.${key === 'vatOverrides' ? 'overrides' : key}`)}</span>
      <textarea
        name={key}
        rows={key === 'address' ? 3 : 4}
        maxLength={BILLING_LIMITS.address * 4}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value as SettingsDraft[AreaKey])}
        aria-describedby={hint ? `${key}-hint` : undefined}
      />
      {hint && (
        <small id={`${key}-hint`} className="adm-hint">
          {hint}
        </small>
      )}
    </label>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save();
  };
  return (
    <section className="adm-section" aria-labelledby="billing-settings">
      <h2 id="billing-settings">{t('billing.settings.title')}</h2>
      <form className="adm-form" onSubmit={submit} data-testid="billing-settings">
        {TEXTS.map(([key, max]) => (
          <TextField
            key={key}
            name={key}
            label={t(`billing.settings.${key}`)}
            value={draft[key]}
            maxLength={max}
            onChange={(e) => set(key, e.target.value)}
          />
        ))}
        {area('address')}
        {FLAGS.map((key) => (
          <Checkbox
            key={key}
            name={key}
            label={t(`billing.settings.${key}`)}
            checked={draft[key]}
            onChange={(e) => set(key, e.target.checked)}
          />
        ))}
        {area('vatOverrides', t('billing.settings.overridesHint'))}
        {area('eurRates', t('billing.settings.eurRatesHint'))}
        {bad && (
          <p role="alert" className="adm-error">
            {t('billing.settings.badLines', { lines: bad })}
          </p>
        )}
        {write.isError && (
          <p role="alert" className="adm-error">
            {t('billing.settings.failed', { message: write.error.message })}
          </p>
        )}
        {write.isSuccess && <p role="status">{t('billing.settings.saved')}</p>}
        <button type="submit" className="btn btn--primary" disabled={write.isPending}>
          {t('billing.settings.save')}
        </button>
      </form>
    </section>
  );
}
