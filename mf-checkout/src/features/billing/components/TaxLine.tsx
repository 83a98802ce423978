import { useTranslation } from 'react-i18next';
import { formatUsd, type CheckoutTax } from '@circo/shared-contracts';
import { useLanguageStore } from '@circo/shared-web';

/** A country's name in the page's language. */
function countryName(code: string, lang: string): string {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The VAT of the payment as the server computed it for the buyer's country: included in the
 * total or added to it, or why there is none (a business's reverse charge, outside the EU).
 */
export function TaxLine({ tax }: { tax: CheckoutTax }) {
  const { t } = useTranslation('checkout');
  const lang = useLanguageStore((s) => s.lang);
  const country = countryName(tax.country, lang);
  const amount = `${formatUsd(tax.amount)} USD`;
  let text: string;
  if (tax.reverseCharge) text = t('billing.tax.reverseCharge', { country });
  else if (tax.scheme === 'outside_eu') text = t('billing.tax.outsideEu', { country });
  else if (tax.included) text = t('billing.tax.included', { rate: tax.rate, country, amount });
  else text = t('billing.tax.added', { rate: tax.rate, country, amount });
  return (
    <p className="co-total__tax" data-testid="tax-line">
      {text}
    </p>
  );
}
