import { useTranslation } from 'react-i18next';
import { validateClass, type AdminClass } from '@circo/shared-contracts';
import type { AdminWrite } from '@circo/shared-web';
import { emptyText } from '../../common/draft';
import { LangField, LocalizedForm } from './LocalizedForm';
import { MediaListEditor, type MediaDraft } from './MediaListEditor';
import { useLocalizedForm } from '../hooks/useLocalizedForm';

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
  const form = useLocalizedForm<Draft, AdminClass>({
    idPrefix: `class-${cls?._id ?? 'new'}`,
    initial: toDraft(cls),
    validate: validateClass,
    request,
    onSaved: onDone,
  });
  const { draft, set, lang, uploads } = form;
  return (
    <LocalizedForm
      form={form}
      editing={Boolean(cls)}
      onCancel={onCancel}
      localized={
        <>
          <LangField form={form} name="title" label={t('fields.title')} required="es" />
          <LangField form={form} name="subtitle" label={t('fields.subtitle')} />
          <LangField
            form={form}
            name="content"
            label={t('fields.content')}
            multiline
            required="es"
          />
          <LangField
            form={form}
            name="secondaryContent"
            label={t('fields.secondaryContent')}
            multiline
          />
          {(['pdfs', 'videos'] as const).map((kind) => (
            <MediaListEditor
              key={kind}
              kind={kind}
              lang={lang}
              list={draft[kind]}
              onChange={(l) => set(kind, l)}
              uploads={uploads}
            />
          ))}
        </>
      }
    />
  );
}
export type ClassDraft = Draft;
