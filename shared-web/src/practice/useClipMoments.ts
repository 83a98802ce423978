import { useRef, useState } from 'react';

/**
 * A clip's player and its comments kept together: the video element, the comment selected (its
 * mark on the timeline and its drawing over the frame), a jump to a comment's moment (paused
 * there), and the frame's size for the drawings (16:9 until the clip's own is known).
 */
export function useClipMoments(clip: { width?: number | null; height?: number | null }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const jump = (id: string, at: number) => {
    setSelected(id);
    const el = videoRef.current;
    if (el) {
      el.pause();
      el.currentTime = at;
    }
  };
  return {
    videoRef,
    selected,
    setSelected,
    jump,
    size: { width: clip.width ?? 16, height: clip.height ?? 9 },
  };
}
