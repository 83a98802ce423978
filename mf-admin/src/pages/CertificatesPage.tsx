import { useTranslation } from 'react-i18next';
import { CertificateList } from '../features/certificates/components/CertificateList';
import { CertificateSettingsForm } from '../features/certificates/components/CertificateSettingsForm';
import { ItemCertificates } from '../features/certificates/components/ItemCertificates';
import { AdminPage } from './AdminPage';

/**
 * /admin/certificados: the certificates waiting for review, the latest issued ones, an item's
 * certificates and its review switch, and the name and signature printed on them.
 */
export function CertificatesPage() {
  const { t } = useTranslation('admin');
  return (
    <AdminPage title={t('pages.adminCertificates.title')}>
      <CertificateList
        filter={{ status: 'pending' }}
        title={t('certificates.queue')}
        empty={t('certificates.emptyQueue')}
      />
      <ItemCertificates />
      <CertificateList
        filter={{}}
        title={t('certificates.latest')}
        empty={t('certificates.none')}
      />
      <CertificateSettingsForm />
    </AdminPage>
  );
}
