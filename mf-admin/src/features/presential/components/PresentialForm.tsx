import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  validatePresential,
  type AdminPresential,
  type Lang,
} from '@circo/shared-contracts';
import { adminPaths } from '@circo/shared-web';
import { emptyText, type Errors } from '../../common/draft';
import { Field } from '../../forms/components/Field';
import {
  LangField,
  LocalizedForm,
  TitleAndDescription,
} from '../../forms/components/LocalizedForm';
import { useLocalizedForm } from '../../forms/hooks/useLocalizedForm';

const toDraft = (p?: AdminPresential) => ({
  title: { ...emptyText(), ...p?.title },
  description: { ...emptyText(), ...p?.description },
  location: { ...emptyText(), ...p?.location },
  dateType: (p?.dateType ?? 'single') as 'single' | 'range',
  singleDate: p?.singleDate ?? '',
  dateRange: { start: p?.dateRange.start ?? '', end: p?.dateRange.end ?? '' },
  time: p?.time ?? '',
  registrationLink: p?.registrationLink ?? '',
});

/** An in-person training: every language is required; a single date or a range. */
export function PresentialForm({
  item,
  onDone,
  onCancel,
}: {
  item?: AdminPresential;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const [missing, setMissing] = useState<Lang[]>([]);
  const form = useLocalizedForm({
    idPrefix: `presential-${item?._id ?? 'new'}`,
    initial: toDraft(item),
    validate: (draft): Errors => {
      const result = validatePresential(draft);
      setMissing(result.missingLanguages);
      return result.errors;
    },
    request: (draft) =>
      item
        ? { method: 'PUT', path: adminPaths.presentialOne(item._id), body: draft }
        : { method: 'POST', path: adminPaths.presential, body: draft },
    onSaved: onDone,
  });
  const { idPrefix, draft, errors, set, field } = form;
  // a language stays marked (and named in the notice) until its last error is typed away
  const marks = Object.fromEntries(
    LANGUAGES.map((l) => [
      l,
      missing.includes(l) && Object.keys(errors).some((k) => errors[k] && k.endsWith(`.${l}`)),
    ]),
  );
  const stillMissing = LANGUAGES.filter((l) => marks[l]);
  return (
    <LocalizedForm
      form={form}
      editing={Boolean(item)}
      onCancel={onCancel}
      failureFallback={t('presential.createFailed')}
      notice={
        stillMissing.length > 0
          ? t('validation.missingLanguages', {
              languages: stillMissing.map((l) => t(`lang.${l}`)).join(', '),
            })
          : null
      }
      marks={marks}
      localized={
        <>
          <TitleAndDescription form={form} required />
          <LangField form={form} name="location" label={t('fields.location')} required />
        </>
      }
    >
      <fieldset className="adm-radios">
        <legend>{t('fields.dateType')}</legend>
        {(['single', 'range'] as const).map((type) => (
          <label key={type}>
            <input
              type="radio"
              name={`${idPrefix}-dateType`}
              checked={draft.dateType === type}
              onChange={() => set('dateType', type)}
            />{' '}
            {t(`presential.${type}`)}
          </label>
        ))}
      </fieldset>
      {draft.dateType === 'single' ? (
        <Field {...field} path="singleDate" label={t('fields.date')} type="date" required />
      ) : (
        <div className="adm-two">
          <Field {...field} path="dateRange.start" label={t('fields.start')} type="date" required />
          <Field {...field} path="dateRange.end" label={t('fields.end')} type="date" required />
        </div>
      )}
      <Field {...field} path="time" label={t('fields.time')} hint={t('hints.time')} />
      <Field {...field} path="registrationLink" label={t('fields.registrationLink')} type="url" />
    </LocalizedForm>
  );
}
