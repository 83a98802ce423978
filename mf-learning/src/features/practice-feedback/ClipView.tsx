import { useQuery } from '@tanstack/react-query';
import type { PracticeClip } from '@circo/shared-contracts';
import { fetchPrivateVideo } from '@circo/shared-web';
// by path: bundled here, not in the shared-web every page loads
import {
  ClassBeside,
  ClipPlayer,
  CommentList,
  clipMedia,
  useClipMoments,
} from '@circo/shared-web/src/practice';
import { useLang, useUserId } from '../shared/hooks';
import { useEffect } from 'react';
import { markAnswerSeen } from './answersSeen';
import { PlayThroughToggles } from './PlayThroughToggles';
import { useRefreshClips } from './useClips';
import { usePlayThroughSettings } from './usePlayThroughSettings';

/**
 * One of the student's clips with the teacher's answer: played, it stops at each note with its
 * drawing and text (a setting turns that off); the marks on its timeline (each jumps to its
 * moment), the comments with their voice notes, and the class video beside it.
 */
export function ClipView({
  clip,
  classId,
  title,
  classVideo,
}: {
  clip: PracticeClip;
  classId: string;
  title: string;
  /** the index of the class's first video with a file in this language (null: none) */
  classVideo: number | null;
}) {
  const lang = useLang();
  const userId = useUserId();
  const { videoRef, selected, setSelected, jump, size } = useClipMoments(clip);
  const refresh = useRefreshClips();
  const [notes, setNotes] = usePlayThroughSettings();
  // an answer opened is an answer read: My Courses stops pointing to it
  useEffect(() => {
    if (clip.status === 'answered') markAnswerSeen(clip._id);
  }, [clip._id, clip.status]);
  const lesson = useQuery({
    queryKey: ['learning', userId, 'practice-clips', 'class-video', classId, classVideo, lang],
    queryFn: () => fetchPrivateVideo(classId, classVideo ?? 0, lang),
    enabled: classVideo !== null,
    staleTime: 5 * 60_000,
  });
  return (
    <div className="clips__view" data-testid="clip-view">
      <div className="clip__pair">
        <ClipPlayer
          {...clipMedia(clip)}
          title={title}
          selectedId={selected}
          onSelect={setSelected}
          videoRef={videoRef}
          onExpired={() => void refresh()}
          playThrough={notes}
        >
          <PlayThroughToggles settings={notes} onChange={setNotes} />
        </ClipPlayer>
        {lesson.data?.provider === 'local' && (
          <ClassBeside classSrc={lesson.data.url} title={title} clipRef={videoRef} />
        )}
      </div>
      <CommentList
        comments={clip.comments}
        selectedId={selected}
        size={size}
        onJump={(c) => jump(c._id, c.atSeconds)}
      />
    </div>
  );
}
