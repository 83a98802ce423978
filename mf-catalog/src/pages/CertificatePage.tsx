import { CertificateCheck } from '../features/certificate/CertificateCheck';

/** /certificados/{code} */
export function CertificatePage() {
  return <CertificateCheck />;
}
