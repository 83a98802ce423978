import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOwnMediaUrl, toEmbedUrl } from '@circo/shared-contracts';
import { TextField } from '@circo/shared-web';
import { UploadField } from './UploadField';
import type { FormUploads } from '../hooks/useFormUploads';

type Mode = 'file' | 'link' | 'none';

const modeOf = (value: string): Mode => (!value ? 'none' : isOwnMediaUrl(value) ? 'file' : 'link');

/**
 * A presentation video: upload a file, paste a link (checked and turned into its embed URL) or
 * none (admin spec sections 2 and 5).
 */
export function VideoInput({
  label,
  title,
  value,
  onChange,
  uploads,
  error,
}: {
  label: string;
  title: string;
  value: string;
  onChange: (url: string) => void;
  uploads: FormUploads;
  error?: string;
}) {
  const { t } = useTranslation('admin');
  const name = useId();
  const [mode, setMode] = useState<Mode>(modeOf(value));
  const [link, setLink] = useState(modeOf(value) === 'link' ? value : '');
  const [linkError, setLinkError] = useState<string | undefined>();
  const choose = (next: Mode) => {
    setMode(next);
    setLinkError(undefined);
    if (next === 'none') {
      void uploads.dropIfOurs(value).catch(() => undefined);
      onChange('');
    }
  };
  const confirmLink = () => {
    const embed = toEmbedUrl(link);
    if (!embed) return setLinkError(t('validation.videoLinkInvalid'));
    setLinkError(undefined);
    onChange(embed);
  };
  return (
    <fieldset className="adm-video">
      <legend>{label}</legend>
      <div className="adm-video__modes" role="radiogroup">
        {(['file', 'link', 'none'] as const).map((m) => (
          <label key={m} className="checkbox">
            <input type="radio" name={name} checked={mode === m} onChange={() => choose(m)} />
            {t(`upload.videoMode.${m}`)}
          </label>
        ))}
      </div>
      {mode === 'file' && (
        <UploadField
          kind="videoPromo"
          label={t('upload.videoFile')}
          title={title}
          value={isOwnMediaUrl(value) || /vimeo\.com\/\d+$/.test(value) ? value : ''}
          onChange={(u) => onChange(u?.url ?? '')}
          uploads={uploads}
        />
      )}
      {mode === 'link' && (
        <div className="adm-video__link">
          <TextField
            name={`${name}-link`}
            label={t('fields.videoLink')}
            type="url"
            value={link}
            hint={t('hints.videoLink')}
            error={linkError ?? error}
            onChange={(e) => {
              setLink(e.target.value);
              setLinkError(undefined);
            }}
          />
          <button
            type="button"
            className="btn btn--ghost"
            disabled={!link.trim()}
            onClick={confirmLink}
          >
            {t('upload.confirmLink')}
          </button>
          {value && !isOwnMediaUrl(value) && toEmbedUrl(value) && (
            <iframe
              className="adm-video__frame"
              src={toEmbedUrl(value)!}
              title={label}
              allow="fullscreen; picture-in-picture"
            />
          )}
        </div>
      )}
    </fieldset>
  );
}
