import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateClass, type AdminClass, type Lang } from '@circo/shared-contracts';
import { useAdminWrite, type AdminWrite } from '@circo/shared-web';
import { emptyText, useDraft, type Errors } from '../common/draft';
import { AdminForm, LangPanel } from './AdminForm';
import { Field } from './Field';
import { MediaListEditor, type MediaDraft } from './MediaListEditor';
import { useSubmit } from './useSubmit';
import { useFormUploads } from '../uploads/useFormUploads';

const toMedia = (list: AdminClass['pdfs'] | undefined): MediaDraft[] =>
  (list ?? []).map((m) => ({
    _id: m._id,
    title: { ...emptyText(), ...m.title },
    url: { es: m.url.es ?? '', en: m.url.en ?? '', fr: m.url.fr ?? '' },
    public_id: { es: m.public_id.es ?? '', en: m.public_id.en ?? '', fr: m.public_id.fr ?? '' },
  }));

const toDraft = (cls?: AdminClass) => ({
  title: { ...emptyText(), ...cls?.title },
  subtitle: { ...emptyText(), ...cls?.subtitle },
  content: { ...emptyText(), ...cls?.content },
  secondaryContent: { ...emptyText(), ...cls?.secondaryContent },
  pdfs: toMedia(cls?.pdfs),
  videos: toMedia(cls?.videos),
});
type Draft = ReturnType<typeof toDraft>;

/** A class of a course or module: texts per language, its PDFs and videos. */
export function ClassForm({
  cls,
  request,
  onDone,
  onCancel,
}: {
  cls?: AdminClass;
  /** Where to send it: POST /course-classes/{courseId}, POST /classes, PUT ... */
  request: (body: Draft) => AdminWrite;
  onDone: (saved: AdminClass) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const [lang, setLang] = useState<Lang>('es');
  const { draft, set, errors, setErrors } = useDraft<Draft>(toDraft(cls));
  const write = useAdminWrite<AdminClass>();
  const uploads = useFormUploads();
  const idPrefix = `class-${cls?._id ?? 'new'}`;
  const { formRef, busy, failure, submit } = useSubmit({
    validate: (): Errors => validateClass(draft),
    setErrors,
    setLang,
    send: async () => {
      const saved = await write.mutateAsync(request(draft));
      uploads.keepAll();
      onDone(saved);
    },
  });
  const common = { idPrefix, draft, errors, set };
  const marks = { es: Boolean(errors['title.es'] || errors['content.es']) };
  return (
    <AdminForm
      formRef={formRef}
      submit={submit}
      busy={busy}
      editing={Boolean(cls)}
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
        <Field {...common} path={`subtitle.${lang}`} label={t('fields.subtitle')} />
        <Field
          {...common}
          path={`content.${lang}`}
          label={t('fields.content')}
          multiline
          required={lang === 'es'}
        />
        <Field
          {...common}
          path={`secondaryContent.${lang}`}
          label={t('fields.secondaryContent')}
          multiline
        />
        <MediaListEditor
          kind="pdfs"
          lang={lang}
          list={draft.pdfs}
          onChange={(l) => set('pdfs', l)}
          uploads={uploads}
        />
        <MediaListEditor
          kind="videos"
          lang={lang}
          list={draft.videos}
          onChange={(l) => set('videos', l)}
          uploads={uploads}
        />
      </LangPanel>
    </AdminForm>
  );
}
export type ClassDraft = Draft;
