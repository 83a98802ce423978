import { CatalogDetail } from '../features/detail/components/CatalogDetail';

/** /formaciones/{id}/{slug}: the same page as a course, plus the modules and their classes. */
export function FormationDetailPage() {
  return <CatalogDetail kind="formation" />;
}
