import { useTranslation } from 'react-i18next';
import { BillingSettingsForm } from '../features/billing/components/BillingSettingsForm';
import { TaxReportPanel } from '../features/billing/components/TaxReportPanel';
import { AdminPage } from './AdminPage';

/** /admin/facturacion: the VAT report of a period and its invoices, then the billing settings. */
export function BillingPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('pages.adminBilling.title')}>
      <TaxReportPanel />
      <BillingSettingsForm />
    </AdminPage>
  );
}
