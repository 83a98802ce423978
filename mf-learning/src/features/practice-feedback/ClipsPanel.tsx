import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { clipMoment, type PracticeClip } from '@circo/shared-contracts';
import { Spinner } from '@circo/shared-web';
import { useLang } from '../shared/hooks';
import { ClipView } from './ClipView';
import { SendClipForm } from './SendClipForm';
import { deleteClip, useClips, useRefreshClips } from './useClips';

/**
 * Practice feedback under a class: the student sends a clip of her practice (a file
 * here, or an attempt from the practice player's camera) and sees the teacher's answer on it.
 * `?clip=<id>` (the answer e-mail's link) opens that clip.
 */
export function ClipsPanel({
  classId,
  title,
  classVideo,
}: {
  classId: string;
  title: string;
  classVideo: number | null;
}) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const id = useId();
  const clips = useClips(classId);
  const refresh = useRefreshClips();
  const [params] = useSearchParams();
  const linked = params.get('clip');
  const [open, setOpen] = useState<string | null>(linked);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const linkedRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    if (linked && clips.data?.clips.some((c) => c._id === linked)) {
      setOpen(linked);
      linkedRef.current?.scrollIntoView({ block: 'start' });
    }
  }, [linked, clips.data]);

  const remove = async (clip: PracticeClip) => {
    setFailed(false);
    try {
      await deleteClip(clip._id);
      setConfirming(null);
      if (open === clip._id) setOpen(null);
      await refresh();
    } catch {
      setFailed(true);
    }
  };
  const date = (iso: string) =>
    new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );

  return (
    <section className="clips" aria-labelledby={`${id}-title`} data-testid="practice-clips">
      <h3 id={`${id}-title`} className="clips__title">
        {t('practice.clips.title')}
      </h3>
      <p className="clips__intro">{t('practice.clips.intro')}</p>
      {clips.isPending ? (
        <Spinner />
      ) : clips.isError ? (
        <p className="alert alert--error" role="alert">
          {t('practice.clips.errors.load')}
        </p>
      ) : (
        <>
          <SendClipForm classId={classId} limits={clips.data} />
          {failed && (
            <p className="alert alert--error" role="alert">
              {t('practice.clips.errors.delete')}
            </p>
          )}
          {clips.data.clips.length > 0 && (
            <ol className="clips__list" aria-label={t('practice.clips.list')}>
              {clips.data.clips.map((clip, i) => {
                const isOpen = open === clip._id;
                return (
                  <li
                    key={clip._id}
                    ref={clip._id === linked ? linkedRef : undefined}
                    className="clips__item"
                    data-testid="clip-item"
                    data-status={clip.status}
                  >
                    <div className="clips__row">
                      <span className={`clips__status clips__status--${clip.status}`}>
                        {t(`practice.clips.status.${clip.status}`)}
                      </span>
                      <span>
                        {t('practice.clips.sentOn', { date: date(clip.createdAt) })} ·{' '}
                        {clipMoment(clip.video.seconds)} ·{' '}
                        {t('practice.clips.comments', { count: clip.comments.length })}
                      </span>
                      <button
                        type="button"
                        className="btn btn--primary"
                        aria-expanded={isOpen}
                        aria-controls={`${id}-clip-${i}`}
                        onClick={() => setOpen(isOpen ? null : clip._id)}
                      >
                        {isOpen ? t('practice.clips.close') : t('practice.clips.open')}
                      </button>
                      {confirming === clip._id ? (
                        <>
                          <button
                            type="button"
                            className="btn btn--danger"
                            onClick={() => void remove(clip)}
                          >
                            {t('practice.clips.confirmDelete')}
                          </button>
                          <button
                            type="button"
                            className="btn btn--ghost"
                            onClick={() => setConfirming(null)}
                          >
                            {t('practice.clips.keep')}
                          </button>
                        </>
                      ) : (
                        <button
                          type="button"
                          className="btn btn--ghost"
                          onClick={() => setConfirming(clip._id)}
                        >
                          {t('practice.clips.delete')}
                        </button>
                      )}
                    </div>
                    {clip.note && <p className="clips__note">{clip.note}</p>}
                    <div id={`${id}-clip-${i}`}>
                      {isOpen && (
                        <ClipView
                          clip={clip}
                          classId={classId}
                          title={title}
                          classVideo={classVideo}
                        />
                      )}
                    </div>
                  </li>
                );
              })}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
