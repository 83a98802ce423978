import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LANGUAGES,
  validatePresential,
  type AdminPresential,
  type Lang,
} from '@circo/shared-contracts';
import { Alert, adminPaths, useAdminWrite } from '@circo/shared-web';
import { emptyText, useDraft, type Errors } from '../common/draft';
import { AdminForm, LangPanel } from '../forms/AdminForm';
import { Field } from '../forms/Field';
import { useSubmit } from '../forms/useSubmit';

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
  const [lang, setLang] = useState<Lang>('es');
  const [missing, setMissing] = useState<Lang[]>([]);
  const { draft, set, errors, setErrors } = useDraft(toDraft(item));
  const write = useAdminWrite();
  const idPrefix = `presential-${item?._id ?? 'new'}`;
  const { formRef, busy, failure, submit } = useSubmit({
    validate: (): Errors => {
      const result = validatePresential(draft);
      setMissing(result.missingLanguages);
      return result.errors;
    },
    setErrors,
    setLang,
    send: async () => {
      await write.mutateAsync(
        item
          ? { method: 'PUT', path: adminPaths.presentialOne(item._id), body: draft }
          : { method: 'POST', path: adminPaths.presential, body: draft },
      );
      onDone();
    },
  });
  const common = { idPrefix, draft, errors, set };
  const marks = Object.fromEntries(
    LANGUAGES.map((l) => [
      l,
      missing.includes(l) && Object.keys(errors).some((k) => errors[k] && k.endsWith(`.${l}`)),
    ]),
  );
  const stillMissing = LANGUAGES.filter((l) => marks[l]);
  return (
    <AdminForm
      formRef={formRef}
      submit={submit}
      busy={busy}
      editing={Boolean(item)}
      onCancel={onCancel}
      failure={failure}
      failureFallback={t('presential.createFailed')}
    >
      {stillMissing.length > 0 && (
        <Alert tone="error">
          {t('validation.missingLanguages', {
            languages: stillMissing.map((l) => t(`lang.${l}`)).join(', '),
          })}
        </Alert>
      )}
      <LangPanel lang={lang} setLang={setLang} marks={marks} idPrefix={idPrefix}>
        <Field {...common} path={`title.${lang}`} label={t('fields.title')} required />
        <Field
          {...common}
          path={`description.${lang}`}
          label={t('fields.description')}
          multiline
          required
        />
        <Field {...common} path={`location.${lang}`} label={t('fields.location')} required />
      </LangPanel>
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
        <Field {...common} path="singleDate" label={t('fields.date')} type="date" required />
      ) : (
        <div className="adm-two">
          <Field
            {...common}
            path="dateRange.start"
            label={t('fields.start')}
            type="date"
            required
          />
          <Field {...common} path="dateRange.end" label={t('fields.end')} type="date" required />
        </div>
      )}
      <Field {...common} path="time" label={t('fields.time')} hint={t('hints.time')} />
      <Field {...common} path="registrationLink" label={t('fields.registrationLink')} type="url" />
    </AdminForm>
  );
}
