import { useTranslation } from 'react-i18next';
import type { AdminCourse } from '@circo/shared-contracts';
import { adminPaths } from '@circo/shared-web';
import { ClassView, WithClass } from '../../common/components/ClassView';
import { DetailPanel } from '../../common/components/DetailPanel';
import { ItemView } from '../../common/components/ItemView';
import { displayTitle } from '../../common/titles';
import { ClassForm } from '../../forms/components/ClassForm';
import { ItemForm } from '../../forms/components/ItemForm';
import type { Selection } from '../selection';

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
    return (
      <DetailPanel
        idPrefix={`course-${course._id}`}
        startEditing={!!selection.edit}
        heading={displayTitle(course.title)}
        visible={course.visible}
        toggle={(lang) => ({
          method: 'PATCH',
          path: adminPaths.courseVisibility(course._id),
          body: { language: lang },
        })}
        view={(lang) => <ItemView item={course} lang={lang} />}
        edit={(done) => <ItemForm kind="course" item={course} onDone={done} onCancel={done} />}
      />
    );
  }
  return (
    <WithClass id={selection.id}>
      {(cls) => (
        <DetailPanel
          idPrefix={`class-${cls._id}`}
          startEditing={!!selection.edit}
          heading={`${t('courses.classOf', { name: displayTitle(course.title) })}: ${displayTitle(cls.title)}`}
          visible={cls.visible}
          toggle={(lang) => ({
            method: 'PATCH',
            path: adminPaths.courseClassVisibility(cls._id, lang),
          })}
          view={(lang) => <ClassView cls={cls} lang={lang} />}
          edit={(done) => (
            <ClassForm
              cls={cls}
              request={(body) => ({ method: 'PUT', path: adminPaths.courseClass(cls._id), body })}
              onDone={done}
              onCancel={done}
            />
          )}
        />
      )}
    </WithClass>
  );
}
