import { useTranslation } from 'react-i18next';
import type { AdminCourse } from '@circo/shared-contracts';
import { adminPaths } from '@circo/shared-web';
import { OrderedChildren } from '../../common/components/OrderedChildren';
import { displayTitle } from '../../common/titles';
import type { Selection } from '../selection';

/** The classes of an expanded course: select, reorder, delete. */
export function CourseClasses({
  course,
  selected,
  onSelect,
  onDelete,
}: {
  course: AdminCourse;
  selected: Selection | null;
  onSelect: (s: Selection) => void;
  onDelete: (classId: string, name: string) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <OrderedChildren
      items={course.classes}
      label={t('courses.classesOf', { name: displayTitle(course.title) })}
      empty={{ text: t('courses.noClasses'), asParagraph: true }}
      rowTestId="class-row"
      orderPath={adminPaths.courseClassOrder(course._id)}
      isSelected={(id) => selected?.kind === 'class' && selected.id === id}
      onSelect={(id, edit) => onSelect({ kind: 'class', id, courseId: course._id, edit })}
      onDelete={onDelete}
    />
  );
}
