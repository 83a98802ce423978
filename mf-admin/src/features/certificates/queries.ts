// The coach's certificates data. Keys live under ['admin'], so every admin write (useAdminWrite)
// refreshes them too.
import { queryOptions } from '@tanstack/react-query';
import {
  CERTIFICATE_PATHS,
  type AdminCertificate,
  type CertificateReviewSetting,
  type CertificateSettings,
  type ItemType,
} from '@circo/shared-contracts';
import { getJson } from '@circo/shared-web';

export interface CertificateFilter {
  itemType?: ItemType;
  itemId?: string;
  userId?: string;
  status?: 'pending';
}

export const certificateQueries = {
  /** GET /admin/certificates?itemType=&itemId=&userId=&status= */
  list: (filter: CertificateFilter) =>
    queryOptions({
      queryKey: ['admin', 'certificates', filter] as const,
      queryFn: getJson<AdminCertificate[]>(CERTIFICATE_PATHS.admin, { ...filter }),
    }),
  settings: () =>
    queryOptions({
      queryKey: ['admin', 'certificates', 'settings'] as const,
      queryFn: getJson<CertificateSettings>(CERTIFICATE_PATHS.settings),
    }),
  review: (itemType: ItemType, itemId: string) =>
    queryOptions({
      queryKey: ['admin', 'certificates', 'review', itemType, itemId] as const,
      queryFn: getJson<CertificateReviewSetting>(CERTIFICATE_PATHS.review(itemType, itemId)),
    }),
};
