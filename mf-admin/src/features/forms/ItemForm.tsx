import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  validateCourse,
  validateFormation,
  validateVideoFields,
  type AdminItem,
  type Lang,
} from '@circo/shared-contracts';
import { Alert, SubmitButton, adminPaths, useAdminWrite } from '@circo/shared-web';
import { emptyText, useDraft, type Errors } from '../common/draft';
import { LangTabs } from '../common/LangTabs';
import { Field } from './Field';
import { useSubmit } from './useSubmit';

type Kind = 'course' | 'formation';

const toDraft = (item?: AdminItem) => ({
  title: { ...emptyText(), ...item?.title },
  description: { ...emptyText(), ...item?.description },
  price: item ? String(item.price) : '',
  image: { ...emptyText(), ...nullsToEmpty(item?.image) },
  image_public_id: { ...emptyText(), ...nullsToEmpty(item?.image_public_id) },
  pdf: { ...emptyText(), ...nullsToEmpty(item?.pdf) },
  pdf_public_id: { ...emptyText(), ...nullsToEmpty(item?.pdf_public_id) },
  video: { ...emptyText(), ...nullsToEmpty(item?.video) },
});
type Draft = ReturnType<typeof toDraft>;

function nullsToEmpty(v: Record<string, string | null> | undefined) {
  return v ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, x ?? ''])) : {};
}

/** The full course or formation form: es/en/fr tabs, Spanish texts and image required. */
export function ItemForm({
  kind,
  item,
  onDone,
  onCancel,
}: {
  kind: Kind;
  item?: AdminItem;
  onDone: (saved: AdminItem) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const [lang, setLang] = useState<Lang>('es');
  const { draft, set, errors, setErrors } = useDraft<Draft>(toDraft(item));
  const write = useAdminWrite<AdminItem>();
  const idPrefix = `${kind}-${item?._id ?? 'new'}`;

  const validate = (): Errors => ({
    ...(kind === 'course' ? validateCourse(draft) : validateFormation(draft)),
    ...validateVideoFields(draft.video),
  });
  const { formRef, busy, failure, submit } = useSubmit({
    validate,
    setErrors,
    setLang,
    send: async () => {
      const body = { ...draft, price: Number(draft.price) };
      const path =
        kind === 'course'
          ? item
            ? adminPaths.course(item._id)
            : adminPaths.courses
          : item
            ? adminPaths.formation(item._id)
            : adminPaths.formations;
      onDone(await write.mutateAsync({ method: item ? 'PUT' : 'POST', path, body }));
    },
  });
  const marks = Object.fromEntries(
    (['es', 'en', 'fr'] as const).map((l) => [
      l,
      Object.keys(errors).some((k) => errors[k] && k.endsWith(`.${l}`)),
    ]),
  );
  const common = { idPrefix, draft, errors, set };

  return (
    <form
      ref={formRef}
      className="form adm-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {failure !== null && <Alert tone="error">{failure || t('errors.unexpected')}</Alert>}
      <LangTabs lang={lang} onChange={setLang} marks={marks} idPrefix={idPrefix} />
      <div role="tabpanel" aria-labelledby={`${idPrefix}-tab-${lang}`} key={lang}>
        <Field
          {...common}
          path={`title.${lang}`}
          label={t('fields.title')}
          required={lang === 'es'}
        />
        <Field
          {...common}
          path={`description.${lang}`}
          label={t('fields.description')}
          multiline
          required={lang === 'es'}
        />
        <Field
          {...common}
          path={`image.${lang}`}
          label={t('fields.imageUrl')}
          type="url"
          required={lang === 'es'}
          hint={t('hints.imageUrl')}
        />
        <Field {...common} path={`pdf.${lang}`} label={t('fields.pdfUrl')} type="url" />
        <Field
          {...common}
          path={`video.${lang}`}
          label={t('fields.videoLink')}
          type="url"
          hint={t('hints.videoLink')}
        />
      </div>
      <Field
        {...common}
        path="price"
        label={t('fields.priceUsd')}
        type="number"
        min={0}
        step="0.01"
        required
      />
      <div className="adm-actions">
        <SubmitButton busy={busy} busyLabel={t('actions.saving')}>
          {item ? t('actions.save') : t('actions.create')}
        </SubmitButton>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
