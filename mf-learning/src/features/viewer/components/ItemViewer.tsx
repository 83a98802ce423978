import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  completedModules,
  itemProgressPercent,
  type ClassSummary,
  type ItemType,
  type ModuleSummary,
  type MyItem,
} from '@circo/shared-contracts';
import { useLang } from '../../shared/hooks';
import { formatDate, inLang } from '../../shared/localized';
import { useSelection } from '../hooks/useSelection';
import { ClassPanel } from './ClassPanel';
import { ContinueButton, type OrderedClass } from './ContinueButton';
import { Pills } from './Pills';
import { ProgressGauge } from './ProgressGauge';
import { TimeLeftBadge } from '../../my-courses/components/TimeLeftBadge';

/** Video frame height: 450 in the student view, 360 on course detail pages (spec section 2). */
const VIDEO_HEIGHT: Record<ItemType, number> = { formation: 450, course: 360 };

/** The body of a viewer: progress, module and class pills, and the selected class. */
export function ItemViewer({
  kind,
  item,
  modules,
  classes,
  completed,
}: {
  kind: ItemType;
  item: MyItem;
  /** A formation's modules (a course has none). */
  modules: ModuleSummary[] | null;
  /** A course's classes (a formation's are in its modules). */
  classes: ClassSummary[];
  completed: string[];
}) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const { moduleId, classId, selectModule, selectClass, goTo } = useSelection();
  const done = new Set(completed);

  const moduleClassIds = (modules ?? []).map((m) => ({ classIds: m.classes.map((c) => c._id) }));
  const allClassIds = modules
    ? moduleClassIds.flatMap((m) => m.classIds)
    : classes.map((c) => c._id);
  const percent = itemProgressPercent(completed, {
    classIds: allClassIds,
    modules: modules ? moduleClassIds : undefined,
  });
  const doneCount = allClassIds.filter((id) => done.has(id)).length;
  const classPill = (i: number) => t('viewer.classPill', { n: i + 1 });
  const ordered: OrderedClass[] = modules
    ? modules.flatMap((m, mi) =>
        m.classes.map((c, i) => ({
          _id: c._id,
          moduleId: m._id,
          pill: `${t('viewer.modulePill', { n: mi + 1 })} · ${classPill(i)}`,
        })),
      )
    : classes.map((c, i) => ({ _id: c._id, pill: classPill(i) }));

  const currentModule = modules
    ? (modules.find((m) => m._id === moduleId) ??
      // a link to a class alone (the teacher's answer e-mail) opens its module
      modules.find((m) => m.classes.some((c) => c._id === classId)) ??
      modules[0] ??
      null)
    : null;
  const shown = modules ? (currentModule?.classes ?? []) : classes;
  const currentClass = shown.find((c) => c._id === classId) ?? null;

  // a deep link to a module or class that is not (or no longer) offered falls back quietly
  useEffect(() => {
    if (modules && currentModule && moduleId !== currentModule._id) {
      selectModule(currentModule._id, moduleId === null && currentClass !== null);
    }
  }, [modules, currentModule, currentClass, moduleId, selectModule]);

  return (
    <div className="learn-viewer">
      <section className="learn-progress" aria-label={t('viewer.progress')}>
        <ProgressGauge percent={percent} />
        <div>
          <h2 className="learn-progress__title">{t('viewer.progress')}</h2>
          <p>
            {t('viewer.classesDone', {
              count: doneCount,
              done: doneCount,
              total: allClassIds.length,
            })}
          </p>
          {modules && (
            <p>
              {t('viewer.modulesDone', {
                done: completedModules(moduleClassIds, completed),
                total: moduleClassIds.filter((m) => m.classIds.length > 0).length,
              })}
            </p>
          )}
          {item.expiresAt && (
            <p className="learn-muted" data-testid="remaining">
              {t('viewer.remaining', { date: formatDate(item.expiresAt, lang) })}{' '}
              <TimeLeftBadge expiresAt={item.expiresAt} now={Date.now()} />
            </p>
          )}
        </div>
      </section>

      <ContinueButton
        ordered={ordered}
        done={done}
        current={currentClass?._id ?? null}
        onGo={goTo}
      />

      {modules && (
        <nav className="learn-nav" aria-label={t('viewer.modules')}>
          <Pills
            label={t('viewer.modules')}
            testId="module-pills"
            doneLabel={t('viewer.moduleDone')}
            selected={currentModule?._id ?? null}
            onSelect={selectModule}
            items={modules.map((m, i) => ({
              id: m._id,
              text: t('viewer.modulePill', { n: i + 1 }),
              title: inLang(m.title, lang),
              done: m.classes.length > 0 && m.classes.every((c) => done.has(c._id)),
            }))}
          />
          {currentModule && (
            <div className="learn-module">
              <h2 className="learn-module__title">{inLang(currentModule.title, lang)}</h2>
              {inLang(currentModule.description, lang) && (
                <p className="learn-muted">{inLang(currentModule.description, lang)}</p>
              )}
            </div>
          )}
        </nav>
      )}

      {shown.length === 0 ? (
        <p className="learn-empty">{t('viewer.noClasses')}</p>
      ) : (
        <Pills
          label={t('viewer.classes')}
          testId="class-pills"
          titled
          doneLabel={t('viewer.classDone')}
          selected={currentClass?._id ?? null}
          onSelect={selectClass}
          items={shown.map((c, i) => ({
            id: c._id,
            text: classPill(i),
            title: inLang(c.title, lang),
            done: done.has(c._id),
          }))}
        />
      )}

      {currentClass ? (
        <ClassPanel
          key={currentClass._id}
          kind={kind}
          itemId={item._id}
          classId={currentClass._id}
          done={done.has(currentClass._id)}
          videoHeight={VIDEO_HEIGHT[kind]}
        />
      ) : (
        <p className="panel panel--center learn-no-content" data-testid="no-content">
          {t('viewer.noContent')}
        </p>
      )}
    </div>
  );
}
