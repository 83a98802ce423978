import { useTranslation } from 'react-i18next';
import { validateVideoField, type Lang, type Localized } from '@circo/shared-contracts';
import { TextField } from '@circo/shared-web';
import { emptyText } from '../../common/draft';
import { useErrorText } from '../../common/hooks/useErrorText';
import { UploadField } from '../../uploads/components/UploadField';
import type { FormUploads } from '../../uploads/hooks/useFormUploads';

export interface MediaDraft {
  _id?: string;
  title: Localized;
  url: Localized;
  public_id: Localized;
}

/** The PDFs or videos of a class in one language: title and link of each, add and remove. */
export function MediaListEditor({
  kind,
  lang,
  list,
  onChange,
  uploads,
}: {
  kind: 'pdfs' | 'videos';
  lang: Lang;
  list: MediaDraft[];
  onChange: (list: MediaDraft[]) => void;
  uploads: FormUploads;
}) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const update = (i: number, field: 'title' | 'url', value: string) =>
    onChange(list.map((m, j) => (j === i ? { ...m, [field]: { ...m[field], [lang]: value } } : m)));
  const setFile = (i: number, url: string, publicId: string) =>
    onChange(
      list.map((m, j) =>
        j === i
          ? {
              ...m,
              url: { ...m.url, [lang]: url },
              public_id: { ...m.public_id, [lang]: publicId },
            }
          : m,
      ),
    );
  return (
    <fieldset className="adm-media">
      <legend>{t(`media.${kind}`)}</legend>
      {list.length === 0 && <p className="adm-muted">{t(`media.no_${kind}`)}</p>}
      {list.map((m, i) => {
        const linkError = kind === 'videos' ? validateVideoField(m.url[lang]) : null;
        return (
          <div key={m._id ?? i} className="adm-media__row">
            <TextField
              name={`${kind}.${i}.title.${lang}`}
              id={`${kind}-${i}-title-${lang}`}
              label={t('fields.title')}
              value={m.title[lang]}
              onChange={(e) => update(i, 'title', e.target.value)}
            />
            <TextField
              name={`${kind}.${i}.url.${lang}`}
              id={`${kind}-${i}-url-${lang}`}
              label={t(kind === 'pdfs' ? 'fields.pdfUrl' : 'fields.videoLink')}
              type="url"
              value={m.url[lang]}
              error={errorText(linkError ?? undefined)}
              onChange={(e) => update(i, 'url', e.target.value)}
            />
            <UploadField
              kind={kind === 'pdfs' ? 'pdfPrivate' : 'videoPrivate'}
              label={t(kind === 'pdfs' ? 'upload.pdfFile' : 'upload.videoFile')}
              title={m.title[lang]}
              value={m.public_id[lang] ? m.url[lang] : ''}
              uploads={uploads}
              onChange={(u) => setFile(i, u?.url ?? '', u?.public_id ?? '')}
            />
            <button
              type="button"
              className="btn btn--ghost"
              onClick={() => {
                void uploads.dropIfOurs(m.url[lang]).catch(() => undefined);
                onChange(list.filter((_, j) => j !== i));
              }}
            >
              {t('actions.remove')}
            </button>
          </div>
        );
      })}
      <button
        type="button"
        className="btn btn--ghost"
        onClick={() =>
          onChange([...list, { title: emptyText(), url: emptyText(), public_id: emptyText() }])
        }
      >
        {t(`media.add_${kind}`)}
      </button>
    </fieldset>
  );
}
