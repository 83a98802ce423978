import { useTranslation } from 'react-i18next';
import {
  validateCourse,
  validateFormation,
  validateVideoFields,
  type AdminItem,
} from '@circo/shared-contracts';
import { adminPaths } from '@circo/shared-web';
import { emptyText, type Errors } from '../../common/draft';
import { Field } from './Field';
import { LocalizedForm, TitleAndDescription } from './LocalizedForm';
import { useLocalizedForm } from '../hooks/useLocalizedForm';
import { UploadField } from '../../uploads/components/UploadField';
import { VideoInput } from '../../uploads/components/VideoInput';
import { useErrorText } from '../../common/hooks/useErrorText';

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
  const errorText = useErrorText();
  const form = useLocalizedForm<Draft, AdminItem>({
    idPrefix: `${kind}-${item?._id ?? 'new'}`,
    initial: toDraft(item),
    validate: (draft): Errors => ({
      ...(kind === 'course' ? validateCourse(draft) : validateFormation(draft)),
      ...validateVideoFields(draft.video),
    }),
    request: (draft) => ({
      method: item ? 'PUT' : 'POST',
      path:
        kind === 'course'
          ? item
            ? adminPaths.course(item._id)
            : adminPaths.courses
          : item
            ? adminPaths.formation(item._id)
            : adminPaths.formations,
      body: { ...draft, price: Number(draft.price) },
    }),
    onSaved: onDone,
  });
  const { draft, errors, set, lang, uploads } = form;

  return (
    <LocalizedForm
      form={form}
      editing={Boolean(item)}
      onCancel={onCancel}
      localized={
        <>
          <TitleAndDescription form={form} required="es" />
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
        </>
      }
    >
      <Field
        {...form.field}
        path="price"
        label={t('fields.priceUsd')}
        type="number"
        min={0}
        step="0.01"
        required
      />
    </LocalizedForm>
  );
}
