import { createRef, useState } from 'react';
import { jest } from '@jest/globals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PracticeComment } from '@circo/shared-contracts';
import { i18n } from '../i18n/i18n';
import { ClipPlayer, type ClipPlayerProps } from './ClipPlayer';
import { CommentList } from './CommentList';
import { DrawingLayer } from './DrawingLayer';
import { NOTE_HOLD_MS, noteCrossed } from './usePlayThrough';

const comments: PracticeComment[] = [
  { _id: 'a', atSeconds: 1, text: 'Knees', drawing: [], voice: null, createdAt: '' },
  {
    _id: 'b',
    atSeconds: 4,
    text: '',
    drawing: [
      {
        kind: 'angle',
        points: [
          [0.4, 0.2],
          [0.5, 0.5],
          [0.5, 0.9],
        ],
      },
    ],
    voice: { url: '/v.webm', expiresAt: null, contentType: 'audio/webm', seconds: 3 },
    createdAt: '',
  },
];

const defaults: Omit<ClipPlayerProps, 'onSelect' | 'videoRef' | 'selectedId'> = {
  src: '/clip.mp4',
  contentType: 'video/mp4',
  codec: 'avc1.64001f',
  title: 'Handstand',
  frameRate: 30,
  width: 1280,
  height: 720,
  comments,
};

function player(over: Partial<ClipPlayerProps> = {}) {
  const onSelect = jest.fn();
  const props: ClipPlayerProps = {
    src: '/clip.mp4',
    contentType: 'video/mp4',
    codec: 'avc1.64001f',
    title: 'Handstand',
    frameRate: 30,
    width: 1280,
    height: 720,
    comments,
    selectedId: null,
    onSelect,
    videoRef: createRef<HTMLVideoElement>(),
    ...over,
  };
  render(<ClipPlayer {...props} />);
  return { onSelect, props };
}

describe('the clip player of practice feedback', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
    // jsdom plays no media
    Object.defineProperty(HTMLMediaElement.prototype, 'pause', {
      configurable: true,
      value: () => undefined,
    });
  });

  it('puts a mark per comment on the timeline; a mark jumps to its moment and selects it', async () => {
    const { onSelect, props } = player();
    const marks = screen.getAllByTestId('clip-mark');
    expect(marks.map((m) => m.getAttribute('aria-label'))).toEqual([
      'Comment 1 at 0:01: Knees',
      'Comment 2 at 0:04: drawing on the frame',
    ]);
    await userEvent.click(marks[1]!);
    expect(onSelect).toHaveBeenCalledWith('b');
    expect(props.videoRef.current!.currentTime).toBe(4);
  });

  it("shows the selected comment's drawing only at its moment", () => {
    const video = createRef<HTMLVideoElement>();
    player({ selectedId: 'b', videoRef: video });
    // at 0 s, 4 s away from the comment: nothing drawn
    expect(screen.getByTestId('clip-drawing')).toHaveAttribute('data-shapes', '0');
  });

  it('says plainly when the browser cannot play the format (HEVC on Chromium)', () => {
    player({ codec: 'hvc1.1.6.L93.B0' });
    expect(screen.getByTestId('clip-unplayable')).toHaveTextContent(
      /cannot play this clip's format/,
    );
    expect(screen.queryByTestId('clip-video')).toBeNull();
  });

  it('asks for a fresh link when the file fails after its link expired, and names a bad format otherwise', () => {
    const onExpired = jest.fn();
    const past = new Date(Date.now() - 1000).toISOString();
    player({ expiresAt: past, onExpired });
    fireEvent.error(screen.getByTestId('clip-video'));
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('clip-unplayable')).toBeNull();
    cleanup();
    player({ expiresAt: new Date(Date.now() + 600_000).toISOString(), onExpired });
    fireEvent.error(screen.getByTestId('clip-video'));
    expect(screen.getByTestId('clip-unplayable')).toBeVisible();
    expect(onExpired).toHaveBeenCalledTimes(1);
  });

  it('draws an angle with its degrees, mirrored with the picture', () => {
    const shapes = comments[1]!.drawing;
    const { container, rerender } = render(
      <DrawingLayer shapes={shapes} size={{ width: 100, height: 100 }} mirror={false} label="x" />,
    );
    expect(container.querySelector('[data-angle]')).toHaveAttribute('data-angle', '162');
    expect(container.querySelector('text')).toHaveTextContent('162°');
    const x = () => Number(container.querySelector('circle')!.getAttribute('cx'));
    expect(x()).toBe(50);
    rerender(
      <DrawingLayer
        shapes={[
          {
            kind: 'circle',
            points: [
              [0.2, 0.5],
              [0.3, 0.5],
            ],
          },
        ]}
        size={{ width: 100, height: 100 }}
        mirror
        label="x"
      />,
    );
    expect(x()).toBe(80);
  });

  it('lists the comments with their moments, shapes and voice notes', async () => {
    const onJump = jest.fn();
    render(
      <CommentList
        comments={comments}
        selectedId="b"
        size={{ width: 1, height: 1 }}
        onJump={onJump}
      />,
    );
    expect(screen.getByText('162° angle')).toBeVisible();
    expect(screen.getByLabelText('Voice note at 0:04')).toHaveAttribute('src', '/v.webm');
    await userEvent.click(screen.getByRole('button', { name: 'Go to 0:01' }));
    expect(onJump).toHaveBeenCalledWith(comments[0]);
  });

  describe('played through the notes (the student view)', () => {
    /** the player as a page holds it: the selection in state */
    function Page(props: Partial<ClipPlayerProps> & Pick<ClipPlayerProps, 'videoRef'>) {
      const [selected, setSelected] = useState<string | null>(null);
      return <ClipPlayer {...defaults} selectedId={selected} onSelect={setSelected} {...props} />;
    }
    const playTo = (video: HTMLVideoElement, at: number) => {
      Object.defineProperty(video, 'paused', { configurable: true, value: false });
      video.currentTime = at;
      fireEvent.timeUpdate(video);
    };

    it('stops at the note it reaches, shows its drawing and text, and goes on by itself', () => {
      jest.useFakeTimers();
      const play = jest.fn(() => Promise.resolve());
      Object.defineProperty(HTMLMediaElement.prototype, 'play', {
        configurable: true,
        value: play,
      });
      const videoRef = createRef<HTMLVideoElement>();
      render(<Page videoRef={videoRef} playThrough={{ pause: true, voice: false }} />);
      const video = videoRef.current!;
      // the student jumps to 3.8 s, past the first note, and plays
      fireEvent.seeking(video);
      playTo(video, 3.8);
      fireEvent.seeked(video);
      expect(screen.queryByTestId('clip-stop')).toBeNull();
      playTo(video, 4.2);
      // back on the note's own frame, its angle drawn and its text (none: the drawing) over it
      expect(video.currentTime).toBe(4);
      fireEvent.seeked(video);
      expect(screen.getByTestId('clip-stop')).toHaveAttribute('data-comment-id', 'b');
      expect(screen.getByTestId('clip-stop')).toHaveTextContent('0:04 drawing on the frame');
      expect(screen.getByTestId('clip-drawing')).toHaveAttribute('data-shapes', '1');
      expect(play).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(NOTE_HOLD_MS));
      expect(play).toHaveBeenCalledTimes(1);
      expect(screen.queryByTestId('clip-stop')).toBeNull();
      jest.useRealTimers();
    });

    it('plays on past the notes when the student turned stopping off, and in the teacher view', () => {
      const videoRef = createRef<HTMLVideoElement>();
      render(<Page videoRef={videoRef} playThrough={{ pause: false, voice: false }} />);
      playTo(videoRef.current!, 0.8);
      playTo(videoRef.current!, 1.1);
      expect(videoRef.current!.currentTime).toBe(1.1);
      expect(screen.queryByTestId('clip-stop')).toBeNull();
      cleanup();
      const teacherRef = createRef<HTMLVideoElement>();
      render(<Page videoRef={teacherRef} />);
      playTo(teacherRef.current!, 0.8);
      playTo(teacherRef.current!, 1.1);
      expect(screen.queryByTestId('clip-stop')).toBeNull();
    });

    it('counts a pass only when the playhead moved over the moment, however late the clock is read', () => {
      expect(noteCrossed(comments, 0.9, 1.2)?._id).toBe('a');
      expect(noteCrossed(comments, 1, 1.2)).toBeNull();
      // a busy phone read the clock 3.5 s apart: the first note passed is the one it stops at
      expect(noteCrossed(comments, 0.5, 4.5)?._id).toBe('a');
      expect(noteCrossed(comments, 3.9, 3.7)).toBeNull();
      expect(noteCrossed(comments, 3.9, 4)?._id).toBe('b');
    });

    it('never stops on a jump over a note, however it is read', () => {
      const videoRef = createRef<HTMLVideoElement>();
      render(<Page videoRef={videoRef} playThrough={{ pause: true, voice: false }} />);
      const video = videoRef.current!;
      playTo(video, 0.5);
      fireEvent.seeking(video);
      playTo(video, 4.5);
      fireEvent.seeked(video);
      playTo(video, 4.7);
      expect(video.currentTime).toBe(4.7);
      expect(screen.queryByTestId('clip-stop')).toBeNull();
    });

    it('stops at the note a late reading of the clock passed', () => {
      const videoRef = createRef<HTMLVideoElement>();
      render(<Page videoRef={videoRef} playThrough={{ pause: true, voice: false }} />);
      const video = videoRef.current!;
      playTo(video, 0.2);
      playTo(video, 2.6);
      expect(video.currentTime).toBe(1);
      fireEvent.seeked(video);
      expect(screen.getByTestId('clip-stop')).toHaveAttribute('data-comment-id', 'a');
    });
  });
});
