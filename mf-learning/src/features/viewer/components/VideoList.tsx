import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassMediaSummary, PrivateVideoResponse } from '@circo/shared-contracts';
import { fetchPrivateVideo } from '@circo/shared-web';
import { useLang } from '../../shared/hooks';
import { inLang } from '../../shared/localized';
import { VideoPlayer } from './VideoPlayer';

type Loaded =
  { index: number; video: PrivateVideoResponse } | { index: number; error: true } | null;

/** The class's videos with a file in the current language, each fetched when asked for. */
export function VideoList({
  classId,
  videos,
  height,
}: {
  classId: string;
  videos: ClassMediaSummary[];
  height: number;
}) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const [loaded, setLoaded] = useState<Loaded>(null);
  const listed = videos.map((v, index) => ({ v, index })).filter(({ v }) => v.hasFile[lang]);
  if (listed.length === 0) return null;

  const play = async (index: number) => {
    try {
      setLoaded({ index, video: await fetchPrivateVideo(classId, index, lang) });
    } catch (err) {
      console.error('private video', err);
      setLoaded({ index, error: true });
    }
  };

  return (
    <section className="learn-media" aria-labelledby="videos-title" data-testid="video-list">
      <h3 id="videos-title">{t('viewer.videos')}</h3>
      <ul className="learn-media__list">
        {listed.map(({ v, index }, n) => {
          const title = inLang(v.title, lang) || t('viewer.videoN', { n: n + 1 });
          return (
            <li key={v._id} className="learn-media__item">
              <div>
                <strong>{title}</strong>
                {inLang(v.description, lang) && (
                  <p className="learn-muted">{inLang(v.description, lang)}</p>
                )}
              </div>
              {loaded?.index !== index && (
                <button type="button" className="btn btn--ghost" onClick={() => void play(index)}>
                  {t('viewer.playVideo')}
                </button>
              )}
              {loaded?.index === index &&
                ('error' in loaded ? (
                  <p className="learn-error" role="alert">
                    {t('viewer.videoError')}
                  </p>
                ) : (
                  // the whole width of the item, above its title (learning.css)
                  <div className="learn-media__player">
                    <VideoPlayer
                      key={index}
                      video={loaded.video}
                      classId={classId}
                      index={index}
                      height={height}
                      title={title}
                    />
                  </div>
                ))}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
