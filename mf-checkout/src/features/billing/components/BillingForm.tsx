import { useEffect, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BILLING_LIMITS, type BillingDetails } from '@circo/shared-contracts';
import { Select, SubmitButton, TextField, useLanguageStore } from '@circo/shared-web';
import { billingQueries } from '../billingQueries';
import { countryOptions } from '../countries';

/**
 * Who the invoice is made out to: the name and country (prefilled with the buyer's last billing
 * details) and, for a business, its VAT number. Applying them prices the payment again with the
 * VAT of that country (or none: reverse charge, outside the EU). `error` is the server's refusal
 * of the details applied (a VAT number of a wrong format), translated.
 */
export function BillingForm({
  onApply,
  error,
  busy,
}: {
  onApply: (details: BillingDetails) => void;
  error: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation('checkout');
  const lang = useLanguageStore((s) => s.lang);
  const saved = useQuery(billingQueries.mine()).data;
  const [name, setName] = useState('');
  const [country, setCountry] = useState('');
  const [taxId, setTaxId] = useState('');
  const [missing, setMissing] = useState<'name' | 'country' | null>(null);
  useEffect(() => {
    if (!saved) return;
    setName((n) => n || saved.name);
    setCountry((c) => c || (saved.country ?? ''));
    setTaxId((v) => v || (saved.taxId ?? ''));
  }, [saved]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setMissing('name');
    if (!country) return setMissing('country');
    setMissing(null);
    onApply({ name: name.trim(), country, ...(taxId.trim() && { taxId: taxId.trim() }) });
  };
  return (
    <form className="co-billing" onSubmit={submit} aria-labelledby="co-billing-title" noValidate>
      <h2 id="co-billing-title" className="co-billing__title">
        {t('billing.title')}
      </h2>
      <TextField
        name="billingName"
        label={t('billing.name')}
        value={name}
        maxLength={BILLING_LIMITS.name}
        autoComplete="name"
        onChange={(e) => setName(e.target.value)}
        error={missing === 'name' ? t('billing.nameRequired') : undefined}
      />
      <Select
        name="billingCountry"
        label={t('billing.country')}
        value={country}
        placeholder={t('billing.chooseCountry')}
        options={countryOptions(lang)}
        autoComplete="country"
        onChange={(e) => setCountry(e.target.value)}
        error={missing === 'country' ? t('billing.countryRequired') : undefined}
      />
      <TextField
        name="billingTaxId"
        label={t('billing.taxId')}
        hint={t('billing.taxIdHint')}
        value={taxId}
        maxLength={BILLING_LIMITS.taxId}
        onChange={(e) => setTaxId(e.target.value)}
        error={error ?? undefined}
      />
      <SubmitButton variant="ghost" block busy={busy} busyLabel={t('billing.applying')}>
        {t('billing.apply')}
      </SubmitButton>
    </form>
  );
}
