import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateClass, type AdminClass, type Lang } from '@circo/shared-contracts';
import { Alert, SubmitButton, useAdminWrite, type AdminWrite } from '@circo/shared-web';
import { emptyText, useDraft, type Errors } from '../common/draft';
import { LangTabs } from '../common/LangTabs';
import { Field } from './Field';
import { MediaListEditor, type MediaDraft } from './MediaListEditor';
import { useSubmit } from './useSubmit';

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
  const idPrefix = `class-${cls?._id ?? 'new'}`;
  const { formRef, busy, failure, submit } = useSubmit({
    validate: (): Errors => validateClass(draft),
    setErrors,
    setLang,
    send: async () => onDone(await write.mutateAsync(request(draft))),
  });
  const common = { idPrefix, draft, errors, set };
  const marks = { es: Boolean(errors['title.es'] || errors['content.es']) };
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
        />
        <MediaListEditor
          kind="videos"
          lang={lang}
          list={draft.videos}
          onChange={(l) => set('videos', l)}
        />
      </div>
      <div className="adm-actions">
        <SubmitButton busy={busy} busyLabel={t('actions.saving')}>
          {cls ? t('actions.save') : t('actions.create')}
        </SubmitButton>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
export type ClassDraft = Draft;
