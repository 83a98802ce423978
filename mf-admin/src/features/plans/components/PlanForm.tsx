import { useTranslation } from 'react-i18next';
import { validatePlan, type AdminPlan } from '@circo/shared-contracts';
import { Checkbox, Select, adminPaths } from '@circo/shared-web';
import { emptyText, type Errors } from '../../common/draft';
import { Field } from '../../forms/components/Field';
import { LocalizedForm, NameAndDescription } from '../../forms/components/LocalizedForm';
import { useLocalizedForm } from '../../forms/hooks/useLocalizedForm';
import { PlanItemsPicker, type PlanItemRef } from './PlanItemsPicker';

const toDraft = (p?: AdminPlan) => ({
  name: { ...emptyText(), ...p?.name },
  description: { ...emptyText(), ...p?.description },
  price: p ? String(p.price) : '',
  interval: p?.interval ?? 'month',
  includesAll: p ? p.includes === 'all' : true,
  items: (p && p.includes !== 'all' ? p.includes : []) as PlanItemRef[],
  active: p?.active ?? true,
});

/**
 * A membership plan: name and description per language (Spanish required), price per month or
 * year, what it opens, and whether it takes new subscribers.
 */
export function PlanForm({
  item,
  onDone,
  onCancel,
}: {
  item?: AdminPlan;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const form = useLocalizedForm({
    idPrefix: `plan-${item?._id ?? 'new'}`,
    initial: toDraft(item),
    validate: (draft): Errors =>
      validatePlan({ ...draft, includes: draft.includesAll ? 'all' : draft.items }),
    request: (draft) => {
      const body = {
        name: draft.name,
        description: draft.description,
        price: draft.price,
        interval: draft.interval,
        includes: draft.includesAll ? 'all' : draft.items,
        active: draft.active,
      };
      return item
        ? { method: 'PUT', path: adminPaths.plan(item._id), body }
        : { method: 'POST', path: adminPaths.plans, body };
    },
    onSaved: onDone,
  });
  const { idPrefix, draft, errors, set, field: common } = form;
  return (
    <LocalizedForm
      form={form}
      editing={Boolean(item)}
      onCancel={onCancel}
      failureFallback={t('plans.saveFailed')}
      localized={<NameAndDescription form={form} />}
    >
      <div className="adm-two">
        <Field
          {...common}
          path="price"
          label={t('fields.priceUsd')}
          type="number"
          min={0.5}
          step="0.01"
          required
        />
        <Select
          name="interval"
          id={`${idPrefix}-interval`}
          label={t('plans.interval')}
          value={draft.interval}
          onChange={(e) => set('interval', e.target.value)}
          options={(['month', 'year'] as const).map((v) => ({
            value: v,
            label: t(`plans.interval_${v}`),
          }))}
        />
      </div>
      {item && item.subscribers > 0 && <p className="adm-muted">{t('plans.priceNotice')}</p>}
      <PlanItemsPicker
        all={draft.includesAll}
        chosen={draft.items}
        onAll={(all) => set('includesAll', all)}
        onChange={(items) => set('items', items)}
        error={errors.includes}
        firstId={`${idPrefix}-includes`}
      />
      <Checkbox
        name="active"
        id={`${idPrefix}-active`}
        label={t('plans.active')}
        checked={draft.active}
        onChange={(e) => set('active', e.target.checked)}
      />
    </LocalizedForm>
  );
}
