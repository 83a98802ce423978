import { useTranslation } from 'react-i18next';
import type { AdminCourse } from '@circo/shared-contracts';
import { adminPaths, useAdminWrite } from '@circo/shared-web';
import { EditButton, ListRow, MoveButtons, moved } from '../../common/components/OrderedList';
import { VisibilityMarks } from '../../common/components/VisibilityMarks';
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
  const write = useAdminWrite();
  const ids = course.classes.map((c) => c._id);
  if (course.classes.length === 0)
    return <p className="adm-muted adm-indent">{t('courses.noClasses')}</p>;
  return (
    <ol
      className="adm-list adm-indent"
      aria-label={t('courses.classesOf', { name: displayTitle(course.title) })}
    >
      {course.classes.map((c, i) => {
        const name = displayTitle(c.title);
        return (
          <li key={c._id}>
            <ListRow
              name={name}
              testId="class-row"
              selected={selected?.kind === 'class' && selected.id === c._id}
              onSelect={() => onSelect({ kind: 'class', id: c._id, courseId: course._id })}
              marks={<VisibilityMarks visible={c.visible} />}
            >
              <MoveButtons
                index={i}
                count={ids.length}
                label={name}
                disabled={write.isPending}
                onMove={(d) =>
                  write.mutate({
                    method: 'PUT',
                    path: adminPaths.courseClassOrder(course._id),
                    body: { ids: moved(ids, i, d) },
                  })
                }
              />
              <EditButton
                onEdit={() =>
                  onSelect({ kind: 'class', id: c._id, courseId: course._id, edit: Date.now() })
                }
              />
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => onDelete(c._id, name)}
              >
                {t('actions.delete')}
              </button>
            </ListRow>
          </li>
        );
      })}
    </ol>
  );
}
