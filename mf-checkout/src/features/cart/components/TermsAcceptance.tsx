import { Trans, useTranslation } from 'react-i18next';
import { useSiteContent } from '@circo/shared-web';

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
  return (
    <div className="co-terms" data-testid="terms">
      <div className="co-terms__row">
        <input
          id="accept-terms"
          type="checkbox"
          checked={accepted}
          onChange={(e) => onChange(e.target.checked)}
          aria-describedby="terms-summary"
        />
        <label htmlFor="accept-terms">
          <Trans
            t={t}
            i18nKey="terms.accept"
            components={[
              termsUrl ? (
                <a
                  key="terms"
                  href={termsUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-describedby="terms-new-tab"
                />
              ) : (
                <span key="terms" />
              ),
            ]}
          />
        </label>
      </div>
      <span id="terms-new-tab" className="visually-hidden">
        {t('terms.opensNewTab')}
      </span>
      <p id="terms-summary" className="co-terms__summary">
        {t('terms.summary')}
      </p>
      {!accepted && (
        <p className="alert alert--warning co-terms__warning" data-testid="terms-warning">
          {t('terms.warning')}
        </p>
      )}
    </div>
  );
}
