import type { AdminItem, Lang } from '@circo/shared-contracts';
import { adminPaths } from '@circo/shared-web';
import { ClassForm } from '../../forms/components/ClassForm';
import { ItemForm } from '../../forms/components/ItemForm';
import { displayTitle } from '../titles';
import { ClassView, WithClass } from './ClassView';
import { DetailPanel } from './DetailPanel';
import { ItemView } from './ItemView';

const ITEM_PATHS = {
  course: adminPaths.courseVisibility,
  formation: adminPaths.formationVisibility,
};

/** The panel of a course or a formation: its texts per language, visibility, and its form. */
export function ItemPanel({
  kind,
  item,
  startEditing,
}: {
  kind: 'course' | 'formation';
  item: AdminItem;
  startEditing: boolean;
}) {
  return (
    <DetailPanel
      idPrefix={`${kind}-${item._id}`}
      startEditing={startEditing}
      heading={displayTitle(item.title)}
      visible={item.visible}
      toggle={(lang) => ({
        method: 'PATCH',
        path: ITEM_PATHS[kind](item._id),
        body: { language: lang },
      })}
      view={(lang) => <ItemView item={item} lang={lang} />}
      edit={(done) => <ItemForm kind={kind} item={item} onDone={done} onCancel={done} />}
    />
  );
}

/**
 * The panel of a class (of a course or of a module), loaded by its id: the class per language,
 * visibility per language, and its form; `paths` are the class's own admin routes.
 */
export function ClassPanel({
  classId,
  idPrefix,
  heading,
  paths,
  startEditing,
}: {
  classId: string;
  idPrefix: string;
  /** The panel's heading, given the class's display title. */
  heading: (title: string) => string;
  paths: { visibility: (classId: string, lang: Lang) => string; save: (classId: string) => string };
  startEditing: boolean;
}) {
  return (
    <WithClass id={classId}>
      {(cls) => (
        <DetailPanel
          idPrefix={`${idPrefix}-${cls._id}`}
          startEditing={startEditing}
          heading={heading(displayTitle(cls.title))}
          visible={cls.visible}
          toggle={(lang) => ({ method: 'PATCH', path: paths.visibility(cls._id, lang) })}
          view={(lang) => <ClassView cls={cls} lang={lang} />}
          edit={(done) => (
            <ClassForm
              cls={cls}
              request={(body) => ({ method: 'PUT', path: paths.save(cls._id), body })}
              onDone={done}
              onCancel={done}
            />
          )}
        />
      )}
    </WithClass>
  );
}
