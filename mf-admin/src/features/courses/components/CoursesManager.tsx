import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminCourse } from '@circo/shared-contracts';
import {
  Alert,
  Spinner,
  adminPaths,
  adminQueries,
  toResource,
  useAdminWrite,
} from '@circo/shared-web';
import { Dialog } from '../../common/components/Dialog';
import { ManagerFrame } from '../../common/components/ManagerFrame';
import { EditButton, ListRow } from '../../common/components/OrderedList';
import { VisibilityMarks } from '../../common/components/VisibilityMarks';
import { useExpanded } from '../../common/hooks/useExpanded';
import { displayTitle } from '../../common/titles';
import { ClassForm } from '../../forms/components/ClassForm';
import { ItemForm } from '../../forms/components/ItemForm';
import { CourseClasses } from './CourseClasses';
import { CourseDetail } from './CourseDetail';
import type { Adding, Confirming, Selection } from '../selection';

/** /admin/cursos: collapsible list of courses and their classes, detail panel, add and delete. */
export function CoursesManager() {
  const { t } = useTranslation('admin');
  const res = toResource(useQuery(adminQueries.courses()));
  const expanded = useExpanded();
  const [selected, setSelected] = useState<Selection | null>(null);
  const [adding, setAdding] = useState<Adding | null>(null);
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const write = useAdminWrite();

  if (res.status === 'loading') return <Spinner />;
  if (res.status === 'error')
    return (
      <Alert tone="error">
        {t('errors.loadFailed')}{' '}
        <button type="button" className="btn btn--ghost" onClick={res.retry}>
          {t('actions.retry')}
        </button>
      </Alert>
    );
  const courses = res.data;
  const selectedCourse = (id: string) => courses.find((c) => c._id === id);

  return (
    <ManagerFrame
      headingId="courses-heading"
      texts={{ list: t('courses.list'), add: t('courses.add'), empty: t('courses.empty') }}
      isEmpty={courses.length === 0}
      onAdd={() => setAdding({ kind: 'course' })}
      detail={
        selected && (
          <CourseDetail
            key={`${selected.kind}-${selected.id}-${selected.edit ?? 'view'}`}
            selection={selected}
            course={selectedCourse(selected.kind === 'course' ? selected.id : selected.courseId)}
          />
        )
      }
      dialogs={
        <>
          {adding?.kind === 'course' && (
            <Dialog title={t('courses.add')} onClose={() => setAdding(null)} wide>
              <ItemForm
                kind="course"
                onDone={(saved) => {
                  setAdding(null);
                  setSelected({ kind: 'course', id: saved._id });
                }}
                onCancel={() => setAdding(null)}
              />
            </Dialog>
          )}
          {adding?.kind === 'class' && (
            <Dialog
              title={t('courses.addClassTo', {
                name: displayTitle(
                  selectedCourse(adding.courseId)?.title ?? { es: '', en: '', fr: '' },
                ),
              })}
              onClose={() => setAdding(null)}
              wide
            >
              <ClassForm
                request={(body) => ({
                  method: 'POST',
                  path: adminPaths.newCourseClass(adding.courseId),
                  body,
                })}
                onDone={(saved) => {
                  expanded.expand(adding.courseId);
                  setSelected({ kind: 'class', id: saved._id, courseId: adding.courseId });
                  setAdding(null);
                }}
                onCancel={() => setAdding(null)}
              />
            </Dialog>
          )}
        </>
      }
      pendingDelete={
        confirming && {
          title: t(`confirm.delete_${confirming.kind}`),
          name: confirming.name,
          onConfirm: async () => {
            const path =
              confirming.kind === 'course'
                ? adminPaths.course(confirming.id)
                : adminPaths.courseClass(confirming.id);
            await write.mutateAsync({ method: 'DELETE', path });
            if (selected?.id === confirming.id) setSelected(null);
          },
        }
      }
      onCloseDelete={() => setConfirming(null)}
    >
      {courses.map((c: AdminCourse) => {
        const open = expanded.isOpen(c._id);
        const name = displayTitle(c.title);
        return (
          <li key={c._id} data-testid="course-item">
            <ListRow
              name={name}
              testId="course-row"
              selected={selected?.kind === 'course' && selected.id === c._id}
              onSelect={() => setSelected({ kind: 'course', id: c._id })}
              marks={<VisibilityMarks visible={c.visible} />}
            >
              <button
                type="button"
                className="btn btn--ghost"
                aria-expanded={open}
                onClick={() => expanded.toggle(c._id)}
              >
                {t(open ? 'courses.hideClasses' : 'courses.showClasses', {
                  count: c.classes.length,
                })}
              </button>
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => setAdding({ kind: 'class', courseId: c._id })}
              >
                {t('courses.addClass')}
              </button>
              <EditButton
                onEdit={() => setSelected({ kind: 'course', id: c._id, edit: Date.now() })}
              />
              <button
                type="button"
                className="btn btn--ghost"
                disabled={c.hasBuyers}
                title={c.hasBuyers ? t('errors.hasBuyers') : undefined}
                onClick={() => setConfirming({ kind: 'course', id: c._id, name })}
              >
                {t('actions.delete')}
              </button>
            </ListRow>
            {open && (
              <CourseClasses
                course={c}
                selected={selected}
                onSelect={setSelected}
                onDelete={(id, n) => setConfirming({ kind: 'class', id, name: n })}
              />
            )}
          </li>
        );
      })}
    </ManagerFrame>
  );
}
