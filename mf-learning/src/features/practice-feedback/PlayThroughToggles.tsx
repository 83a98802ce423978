import { useTranslation } from 'react-i18next';
import type { PlayThroughSettings } from '@circo/shared-web/src/practice';

/** The two switches of a clip's notes: stop at each, and hear its voice note there. */
export function PlayThroughToggles({
  settings,
  onChange,
}: {
  settings: PlayThroughSettings;
  onChange: (next: Partial<PlayThroughSettings>) => void;
}) {
  const { t } = useTranslation('learning');
  return (
    <>
      <button
        type="button"
        className="btn btn--ghost"
        aria-pressed={settings.pause}
        data-testid="notes-pause"
        onClick={() => onChange({ pause: !settings.pause })}
      >
        {t('practice.clips.stopAtNotes')}
      </button>
      <button
        type="button"
        className="btn btn--ghost"
        aria-pressed={settings.voice}
        disabled={!settings.pause}
        data-testid="notes-voice"
        onClick={() => onChange({ voice: !settings.voice })}
      >
        {t('practice.clips.playVoice')}
      </button>
    </>
  );
}
