import { useTranslation } from 'react-i18next';
import { validateVoucher, type AdminDiscount } from '@circo/shared-contracts';
import { Checkbox, Select, adminPaths } from '@circo/shared-web';
import { emptyText, type Errors } from '../../common/draft';
import { useErrorText } from '../../common/hooks/useErrorText';
import { Field } from '../../forms/components/Field';
import { LocalizedForm, NameAndDescription } from '../../forms/components/LocalizedForm';
import { useLocalizedForm } from '../../forms/hooks/useLocalizedForm';
import { VoucherTargets, type VoucherType } from './VoucherTargets';

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
  const { idPrefix, draft, errors, set, field: common } = form;
  return (
    <LocalizedForm
      form={form}
      editing={Boolean(item)}
      onCancel={onCancel}
      failureFallback={t('vouchers.createFailed')}
      localized={<NameAndDescription form={form} />}
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
      <VoucherTargets
        type={draft.type}
        chosen={draft.targetItems}
        onChange={(targets) => set('targetItems', targets)}
        error={errors.targetItems}
        firstId={`${idPrefix}-targets`}
      />
    </LocalizedForm>
  );
}
