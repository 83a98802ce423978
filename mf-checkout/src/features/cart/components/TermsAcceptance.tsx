import { Trans, useTranslation } from 'react-i18next';
import { Checkbox, useSiteContent } from '@circo/shared-web';

/**
 * The terms box: a checkbox linking to the teacher's terms document (site content), their key
 * points, and the spec's warning while they are not accepted.
 */
export function TermsAcceptance({
  accepted,
  onChange,
}: {
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}) {
  const { t } = useTranslation('checkout');
  const termsUrl = useSiteContent()?.termsUrl;
  const link = termsUrl ? (
    <a
      key="terms"
      href={termsUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-describedby="terms-new-tab"
    />
  ) : (
    <span key="terms" />
  );
  return (
    <div className="co-terms" data-testid="terms">
      <Checkbox
        name="accept-terms"
        className="co-terms__check"
        checked={accepted}
        onChange={(e) => onChange(e.target.checked)}
        label={<Trans t={t} i18nKey="terms.accept" components={[link]} />}
        hint={t('terms.summary')}
      />
      <span id="terms-new-tab" className="visually-hidden">
        {t('terms.opensNewTab')}
      </span>
      {!accepted && (
        <p className="alert alert--warning co-terms__warning" data-testid="terms-warning">
          {t('terms.warning')}
        </p>
      )}
    </div>
  );
}
