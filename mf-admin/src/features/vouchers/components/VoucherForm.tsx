import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { validateVoucher, type AdminDiscount } from '@circo/shared-contracts';
import { Checkbox, Select, adminPaths, adminQueries } from '@circo/shared-web';
import { emptyText, type Errors } from '../../common/draft';
import { displayTitle } from '../../common/titles';
import { useErrorText } from '../../common/hooks/useErrorText';
import { Field } from '../../forms/components/Field';
import { LangField, LocalizedForm } from '../../forms/components/LocalizedForm';
import { useLocalizedForm } from '../../forms/hooks/useLocalizedForm';

type VoucherType = 'course' | 'formation' | 'both';
const day = (iso?: string) => (iso ? iso.slice(0, 10) : '');

const toDraft = (d?: AdminDiscount) => ({
  name: { ...emptyText(), es: d?.name ?? '', ...d?.nameI18n },
  description: { ...emptyText(), es: d?.description ?? '', ...d?.descriptionI18n },
  type: (d?.type ?? 'course') as VoucherType,
  percentage: d ? String(d.percentage) : '',
  amount: d ? String(d.amount) : '',
  startDate: day(d?.startDate),
  endDate: day(d?.endDate),
  active: d?.active ?? true,
  targetItems: (d?.targetItems ?? []).map((x) => ({
    _id: x._id,
    itemType: x.itemType ?? 'course',
  })),
});

/** A voucher: name per language (Spanish required), discount, dates, status and targets. */
export function VoucherForm({
  item,
  onDone,
  onCancel,
}: {
  item?: AdminDiscount;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const courses = useQuery(adminQueries.courses()).data ?? [];
  const formations = useQuery(adminQueries.formations()).data ?? [];
  const form = useLocalizedForm({
    idPrefix: `voucher-${item?._id ?? 'new'}`,
    initial: toDraft(item),
    validate: (draft): Errors => {
      const e = validateVoucher({ ...draft, name: draft.name.es });
      return { ...e, name: undefined, 'name.es': e.name };
    },
    request: (draft) => {
      // an end date is inclusive: the voucher runs until the end of that day (UTC)
      const body = {
        ...draft,
        startDate: draft.startDate,
        endDate: `${draft.endDate}T23:59:59.999Z`,
        percentage: Number(draft.percentage || 0),
        amount: Number(draft.amount || 0),
      };
      return item
        ? { method: 'PUT', path: adminPaths.discount(item._id), body }
        : { method: 'POST', path: adminPaths.discounts, body };
    },
    onSaved: onDone,
  });
  const { idPrefix, draft, errors, set, lang, field: common } = form;
  const targets = [
    ...(draft.type !== 'formation'
      ? courses.map((c) => ({
          _id: c._id,
          itemType: 'course' as const,
          title: displayTitle(c.title),
        }))
      : []),
    ...(draft.type !== 'course'
      ? formations.map((f) => ({
          _id: f._id,
          itemType: 'formation' as const,
          title: displayTitle(f.title),
        }))
      : []),
  ];
  const chosen = new Set(draft.targetItems.map((x) => x._id));
  return (
    <LocalizedForm
      form={form}
      editing={Boolean(item)}
      onCancel={onCancel}
      failureFallback={t('vouchers.createFailed')}
      localized={
        <>
          <LangField
            form={form}
            name="name"
            label={t('fields.name')}
            required="es"
            hint={lang === 'es' ? undefined : t('hints.fallsBackToSpanish')}
          />
          <LangField
            form={form}
            name="description"
            label={t('fields.descriptionOptional')}
            multiline
          />
        </>
      }
    >
      <Select
        name="type"
        id={`${idPrefix}-type`}
        label={t('fields.voucherType')}
        value={draft.type}
        onChange={(e) => {
          set('type', e.target.value);
          set('targetItems', []);
        }}
        options={(['course', 'formation', 'both'] as const).map((v) => ({
          value: v,
          label: t(`vouchers.type_${v}`),
        }))}
      />
      <div className="adm-two">
        <Field
          {...common}
          path="percentage"
          label={t('fields.percentage')}
          type="number"
          min={0}
          max={100}
          step="1"
        />
        <Field
          {...common}
          path="amount"
          label={t('fields.amountUsd')}
          type="number"
          min={0}
          step="0.01"
        />
      </div>
      {errors.discount && (
        <p className="field__error" role="alert">
          {errorText(errors.discount)}
        </p>
      )}
      <div className="adm-two">
        <Field {...common} path="startDate" label={t('fields.validFrom')} type="date" required />
        <Field {...common} path="endDate" label={t('fields.validUntil')} type="date" required />
      </div>
      <Checkbox
        name="active"
        id={`${idPrefix}-active`}
        label={t('fields.active')}
        checked={draft.active}
        onChange={(e) => set('active', e.target.checked)}
      />
      <fieldset className="adm-targets" aria-invalid={errors.targetItems ? true : undefined}>
        <legend>{t('fields.appliesTo')} *</legend>
        {targets.length === 0 && <p className="adm-muted">{t('vouchers.noTargets')}</p>}
        {targets.map((x, i) => (
          <label key={x._id} className="adm-target">
            <input
              type="checkbox"
              id={i === 0 ? `${idPrefix}-targets` : undefined}
              aria-invalid={errors.targetItems ? true : undefined}
              checked={chosen.has(x._id)}
              onChange={(e) =>
                set(
                  'targetItems',
                  e.target.checked
                    ? [...draft.targetItems, { _id: x._id, itemType: x.itemType }]
                    : draft.targetItems.filter((y) => y._id !== x._id),
                )
              }
            />{' '}
            {x.title} <span className="adm-muted">({t(`vouchers.kind_${x.itemType}`)})</span>
          </label>
        ))}
        {errors.targetItems && <p className="field__error">{errorText(errors.targetItems)}</p>}
      </fieldset>
    </LocalizedForm>
  );
}
