import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The class video beside the student's clip: each is put at its own moment (the same beat of the
 * figure), then both play together at the clip's speed from there.
 */
export function ClassBeside(p: {
  classSrc: string;
  title: string;
  clipRef: RefObject<HTMLVideoElement | null>;
}) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLVideoElement>(null);
  const [together, setTogether] = useState(false);
  const both = () => {
    const clip = p.clipRef.current;
    const cls = ref.current;
    if (!clip || !cls) return;
    if (together) {
      clip.pause();
      cls.pause();
      setTogether(false);
      return;
    }
    cls.playbackRate = clip.playbackRate;
    void Promise.all([clip.play(), cls.play()]).catch(() => undefined);
    setTogether(true);
  };
  return (
    <div className="clip__beside" data-testid="class-beside">
      <video
        ref={ref}
        className="clip__class-video"
        src={p.classSrc}
        controls
        playsInline
        preload="metadata"
        aria-label={t('clip.classVideo', { title: p.title })}
        onPause={() => setTogether(false)}
      />
      <p className="clip__hint">{t('clip.besideHint')}</p>
      <button type="button" className="btn btn--ghost" onClick={both} aria-pressed={together}>
        {together ? t('clip.pauseBoth') : t('clip.playBoth')}
      </button>
    </div>
  );
}
