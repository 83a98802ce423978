import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '@circo/shared-contracts';
import { Checkbox, adminQueries } from '@circo/shared-web';
import { displayTitle } from '../../common/titles';
import { useErrorText } from '../../common/hooks/useErrorText';

export interface PlanItemRef {
  itemType: ItemType;
  itemId: string;
}

/** What a plan opens: the whole catalogue (new items too), or the courses and formations chosen. */
export function PlanItemsPicker({
  all,
  chosen,
  onAll,
  onChange,
  error,
  firstId,
}: {
  all: boolean;
  chosen: PlanItemRef[];
  onAll: (all: boolean) => void;
  onChange: (items: PlanItemRef[]) => void;
  /** The shared rule's key when nothing is chosen. */
  error?: string;
  /** The first box's id (the form focuses it when the rule refuses). */
  firstId: string;
}) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const courses = useQuery(adminQueries.courses()).data ?? [];
  const formations = useQuery(adminQueries.formations()).data ?? [];
  const items = [
    ...courses.map((c) => ({ itemType: 'course' as const, itemId: c._id, title: c.title })),
    ...formations.map((f) => ({ itemType: 'formation' as const, itemId: f._id, title: f.title })),
  ];
  const picked = new Set(chosen.map((x) => `${x.itemType}:${x.itemId}`));
  return (
    <fieldset className="adm-targets" aria-invalid={error ? true : undefined}>
      <legend>{t('plans.opens')} *</legend>
      <Checkbox
        name="includesAll"
        id={firstId}
        label={t('plans.everything')}
        checked={all}
        onChange={(e) => onAll(e.target.checked)}
      />
      {!all &&
        items.map((x) => {
          const key = `${x.itemType}:${x.itemId}`;
          return (
            <label key={key} className="adm-target">
              <input
                type="checkbox"
                aria-invalid={error ? true : undefined}
                checked={picked.has(key)}
                onChange={(e) =>
                  onChange(
                    e.target.checked
                      ? [...chosen, { itemType: x.itemType, itemId: x.itemId }]
                      : chosen.filter((y) => `${y.itemType}:${y.itemId}` !== key),
                  )
                }
              />{' '}
              {displayTitle(x.title)}{' '}
              <span className="adm-muted">({t(`vouchers.kind_${x.itemType}`)})</span>
            </label>
          );
        })}
      {error && <p className="field__error">{errorText(error)}</p>}
    </fieldset>
  );
}
