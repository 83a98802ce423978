import { createRef } from 'react';
import { jest } from '@jest/globals';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PracticeComment } from '@circo/shared-contracts';
import { i18n } from '../i18n/i18n';
import { ClipPlayer, type ClipPlayerProps } from './ClipPlayer';
import { CommentList } from './CommentList';
import { DrawingLayer } from './DrawingLayer';

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
});
