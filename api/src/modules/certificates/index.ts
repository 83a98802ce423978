// What other modules use of certificates: the service (issuing, the student's list).
export { CertificatesModule } from './certificates.module.js';
export { CertificatesService } from './certificates.service.js';
