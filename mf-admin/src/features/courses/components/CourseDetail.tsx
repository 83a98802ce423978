import { useTranslation } from 'react-i18next';
import type { AdminCourse } from '@circo/shared-contracts';
import { adminPaths } from '@circo/shared-web';
import { ClassPanel, ItemPanel } from '../../common/components/CatalogPanels';
import { displayTitle } from '../../common/titles';
import type { Selection } from '../selection';

const CLASS_PATHS = {
  visibility: adminPaths.courseClassVisibility,
  save: adminPaths.courseClass,
};

/** The detail panel of the selected course or class. */
export function CourseDetail({
  selection,
  course,
}: {
  selection: Selection;
  course?: AdminCourse;
}) {
  const { t } = useTranslation('admin');
  if (!course) return null;
  if (selection.kind === 'course') {
    return <ItemPanel kind="course" item={course} startEditing={!!selection.edit} />;
  }
  return (
    <ClassPanel
      classId={selection.id}
      idPrefix="class"
      heading={(title) => `${t('courses.classOf', { name: displayTitle(course.title) })}: ${title}`}
      paths={CLASS_PATHS}
      startEditing={!!selection.edit}
    />
  );
}
