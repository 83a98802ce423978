import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { clipMoment, type AdminPracticeClip, type Lang } from '@circo/shared-contracts';
import { Spinner, fetchPrivateVideo, useLanguageStore } from '@circo/shared-web';
// by path: bundled here, not in the shared-web every page loads
import {
  ClassBeside,
  ClipPlayer,
  CommentList,
  clipMedia,
  useClipMoments,
} from '@circo/shared-web/src/practice';
import { useAnswerWrites } from '../hooks/useAnswerWrites';
import { practiceQueries } from '../queries';
import { CommentComposer, type DrawingDraft } from './CommentComposer';
import { DeleteCommentButton } from './DeleteCommentButton';

const title = (t: Record<Lang, string>, lang: Lang) => t[lang] || t.es || t.en || t.fr;

/**
 * /admin/practica/{id}: the student's clip in the practice player beside the class video, the
 * comments pinned to its moments (each with its drawing and voice note), a new comment with a
 * drawing on the paused frame, and "answered" (the student's e-mail).
 */
export function ClipAnswerView({ clipId }: { clipId: string }) {
  const { t } = useTranslation('admin');
  const q = useQuery(practiceQueries.clip(clipId));
  if (q.isPending) return <Spinner />;
  if (q.isError) {
    return (
      <p className="alert alert--error" role="alert">
        {t('practice.errors.notFound')}{' '}
        <Link to="/admin/practica">{t('practice.backToQueue')}</Link>
      </p>
    );
  }
  return <ClipAnswer clip={q.data} />;
}

function ClipAnswer({ clip }: { clip: AdminPracticeClip }) {
  const { t } = useTranslation('admin');
  const lang = useLanguageStore((s) => s.lang);
  const { videoRef, selected, setSelected, jump, size } = useClipMoments(clip);
  const [drawing, setDrawing] = useState<DrawingDraft>({ tool: null, shapes: [], draft: [] });
  const writes = useAnswerWrites(clip._id);
  const classId = clip.classId ?? '';
  const lesson = useQuery({
    queryKey: ['admin', 'practice', 'class-video', classId, lang],
    queryFn: () => fetchPrivateVideo(classId, 0, lang),
    enabled: classId !== '',
    retry: false,
    staleTime: 5 * 60_000,
  });
  const classTitle = title(clip.classTitle, lang) || t('practice.removed');

  return (
    <div
      className="adm-practice adm-practice--answer"
      data-testid="clip-answer"
      data-status={clip.status}
    >
      <Link className="adm-back" to="/admin/practica">
        ← {t('practice.backToQueue')}
      </Link>
      <ClipMeta clip={clip} classTitle={classTitle} />
      <div className="clip__pair">
        <ClipPlayer
          {...clipMedia(clip)}
          title={classTitle}
          selectedId={selected}
          onSelect={setSelected}
          videoRef={videoRef}
          onExpired={() => void writes.refresh()}
          editor={
            drawing.tool || drawing.shapes.length > 0
              ? {
                  shapes: drawing.shapes,
                  tool: drawing.tool,
                  draft: drawing.draft,
                  onDraft: (draft) => setDrawing((d) => ({ ...d, draft })),
                  onAdd: (shape) =>
                    setDrawing((d) => ({ ...d, draft: [], shapes: [...d.shapes, shape] })),
                }
              : undefined
          }
        />
        <div className="adm-practice__side">
          {lesson.data?.provider === 'local' ? (
            <ClassBeside classSrc={lesson.data.url} title={classTitle} clipRef={videoRef} />
          ) : (
            <p className="adm-muted">{t('practice.noClassVideo')}</p>
          )}
        </div>
      </div>
      <div className="adm-practice__answer">
        <section aria-labelledby="adm-practice-comments">
          <h2 id="adm-practice-comments" className="adm-practice__h">
            {t('practice.comments', { count: clip.comments.length })}
          </h2>
          <CommentList
            comments={clip.comments}
            selectedId={selected}
            size={size}
            onJump={(c) => jump(c._id, c.atSeconds)}
            actions={(c) => (
              <DeleteCommentButton
                at={clipMoment(c.atSeconds)}
                disabled={writes.busy}
                onDelete={() => void writes.deleteComment(c._id)}
              />
            )}
          />
          <div className="adm-practice__row">
            {clip.status === 'pending' ? (
              <button
                type="button"
                className="btn btn--primary"
                disabled={writes.busy}
                onClick={() => void writes.setStatus('answered')}
                data-testid="mark-answered"
              >
                {t('practice.markAnswered')}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn--ghost"
                disabled={writes.busy}
                onClick={() => void writes.setStatus('pending')}
              >
                {t('practice.reopen')}
              </button>
            )}
          </div>
          {writes.error && (
            <p className="alert alert--error" role="alert">
              {writes.error}
            </p>
          )}
        </section>
        <CommentComposer clip={clip} videoRef={videoRef} drawing={drawing} onDrawing={setDrawing} />
      </div>
    </div>
  );
}

/** Who sent the clip, of which item and class, its state and the student's note. */
function ClipMeta({ clip, classTitle }: { clip: AdminPracticeClip; classTitle: string }) {
  const { t } = useTranslation('admin');
  const lang = useLanguageStore((s) => s.lang);
  return (
    <dl className="adm-practice__meta">
      <dt>{t('practice.student')}</dt>
      <dd>
        <Link to={`/admin/alumnos/${encodeURIComponent(clip.student._id)}`}>
          {`${clip.student.name} ${clip.student.surname}`.trim()}
        </Link>{' '}
        <span className="adm-muted">{clip.student.email}</span>
      </dd>
      <dt>{t('practice.item')}</dt>
      <dd>
        {title(clip.itemTitle, lang) || t('practice.removed')} · {classTitle}
      </dd>
      <dt>{t('practice.statusLabel')}</dt>
      <dd>{t(`practice.clipStatus.${clip.status}`)}</dd>
      {clip.note && (
        <>
          <dt>{t('practice.note')}</dt>
          <dd className="adm-practice__note">{clip.note}</dd>
        </>
      )}
    </dl>
  );
}
