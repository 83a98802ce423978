import { CatalogDetail } from '../features/detail/components/CatalogDetail';

/** /courses/{id}/{slug} */
export function CourseDetailPage() {
  return <CatalogDetail kind="course" />;
}
