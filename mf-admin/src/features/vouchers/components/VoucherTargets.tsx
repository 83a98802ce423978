import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { adminQueries } from '@circo/shared-web';
import { displayTitle } from '../../common/titles';
import { useErrorText } from '../../common/hooks/useErrorText';

export type VoucherType = 'course' | 'formation' | 'both';
export interface VoucherTarget {
  _id: string;
  itemType: 'course' | 'formation';
}

/** What a voucher applies to: the courses, formations or both (by its type), one box each. */
export function VoucherTargets({
  type,
  chosen,
  onChange,
  error,
  firstId,
}: {
  type: VoucherType;
  chosen: VoucherTarget[];
  onChange: (targets: VoucherTarget[]) => void;
  /** The shared rule's key when none is chosen. */
  error?: string;
  /** The first box's id (the form focuses it when the rule refuses). */
  firstId: string;
}) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const courses = useQuery(adminQueries.courses()).data ?? [];
  const formations = useQuery(adminQueries.formations()).data ?? [];
  const targets = [
    ...(type !== 'formation'
      ? courses.map((c) => ({
          _id: c._id,
          itemType: 'course' as const,
          title: displayTitle(c.title),
        }))
      : []),
    ...(type !== 'course'
      ? formations.map((f) => ({
          _id: f._id,
          itemType: 'formation' as const,
          title: displayTitle(f.title),
        }))
      : []),
  ];
  const picked = new Set(chosen.map((x) => x._id));
  return (
    <fieldset className="adm-targets" aria-invalid={error ? true : undefined}>
      <legend>{t('fields.appliesTo')} *</legend>
      {targets.length === 0 && <p className="adm-muted">{t('vouchers.noTargets')}</p>}
      {targets.map((x, i) => (
        <label key={x._id} className="adm-target">
          <input
            type="checkbox"
            id={i === 0 ? firstId : undefined}
            aria-invalid={error ? true : undefined}
            checked={picked.has(x._id)}
            onChange={(e) =>
              onChange(
                e.target.checked
                  ? [...chosen, { _id: x._id, itemType: x.itemType }]
                  : chosen.filter((y) => y._id !== x._id),
              )
            }
          />{' '}
          {x.title} <span className="adm-muted">({t(`vouchers.kind_${x.itemType}`)})</span>
        </label>
      ))}
      {error && <p className="field__error">{errorText(error)}</p>}
    </fieldset>
  );
}
