import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  validateCourse,
  validateFormation,
  validateVideoFields,
  type AdminItem,
  type Lang,
} from '@circo/shared-contracts';
import { adminPaths, useAdminWrite } from '@circo/shared-web';
import { emptyText, useDraft, type Errors } from '../common/draft';
import { AdminForm, LangPanel } from './AdminForm';
import { Field } from './Field';
import { useSubmit } from './useSubmit';
import { UploadField } from '../uploads/UploadField';
import { VideoInput } from '../uploads/VideoInput';
import { useFormUploads } from '../uploads/useFormUploads';
import { useErrorText } from '../common/useErrorText';

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
  const uploads = useFormUploads();
  const errorText = useErrorText();
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
      const saved = await write.mutateAsync({ method: item ? 'PUT' : 'POST', path, body });
      uploads.keepAll();
      onDone(saved);
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
    <AdminForm
      formRef={formRef}
      submit={submit}
      busy={busy}
      editing={Boolean(item)}
      onCancel={() => void uploads.discardAll().then(onCancel)}
      failure={failure}
    >
      <LangPanel lang={lang} setLang={setLang} marks={marks} idPrefix={idPrefix}>
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
        <UploadField
          kind="image"
          name={`image.${lang}`}
          label={`${t('fields.image')}${lang === 'es' ? ' *' : ''}`}
          title={draft.title[lang]}
          value={draft.image[lang]}
          error={errorText(errors[`image.${lang}`])}
          uploads={uploads}
          onChange={(u) => {
            set(`image.${lang}`, u?.url ?? '');
            set(`image_public_id.${lang}`, u?.public_id ?? '');
          }}
        />
        <UploadField
          kind="pdfPublic"
          label={t('fields.pdf')}
          title={draft.title[lang]}
          value={draft.pdf[lang]}
          uploads={uploads}
          onChange={(u) => {
            set(`pdf.${lang}`, u?.url ?? '');
            set(`pdf_public_id.${lang}`, u?.public_id ?? '');
          }}
        />
        <VideoInput
          label={t('fields.video')}
          title={draft.title[lang]}
          value={draft.video[lang]}
          error={errorText(errors[`video.${lang}`])}
          uploads={uploads}
          onChange={(url) => set(`video.${lang}`, url)}
        />
      </LangPanel>
      <Field
        {...common}
        path="price"
        label={t('fields.priceUsd')}
        type="number"
        min={0}
        step="0.01"
        required
      />
    </AdminForm>
  );
}
