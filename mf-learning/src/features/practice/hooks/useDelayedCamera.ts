import { useEffect, useState, type RefObject } from 'react';
import { browserClock } from '../model/clock';
import { DelayBuffer } from '../model/delayBuffer';

/** Frames kept per second for the delay: enough to see a move, light on a phone's memory. */
const CAPTURE_FPS = 15;
const CAPTURE_WIDTH = 480;

/**
 * Shows the camera `delay` seconds late on `canvas`: frames of the live `source` are kept as small
 * JPEG blobs (about 15 KB each; 20 s is some 4.5 MB) in the DelayBuffer and drawn when due.
 * Answers the seconds left before the first delayed frame shows.
 */
export function useDelayedCamera(
  source: RefObject<HTMLVideoElement | null>,
  canvas: RefObject<HTMLCanvasElement | null>,
  delay: number,
): number {
  const [waiting, setWaiting] = useState(delay);
  useEffect(() => {
    const video = source.current;
    const out = canvas.current;
    if (!video || !out || delay === 0) return;
    const buffer = new DelayBuffer<Blob>(delay * 1000, delay * CAPTURE_FPS + CAPTURE_FPS);
    const grab = document.createElement('canvas');
    let shown: Blob | null = null;
    let raf = 0;
    let lastGrab = 0;
    let drawing = false;
    const loop = () => {
      const now = browserClock.now();
      if (now - lastGrab >= 1000 / CAPTURE_FPS && video.videoWidth > 0) {
        lastGrab = now;
        grab.width = CAPTURE_WIDTH;
        grab.height = Math.round((CAPTURE_WIDTH * video.videoHeight) / video.videoWidth);
        grab.getContext('2d')?.drawImage(video, 0, 0, grab.width, grab.height);
        grab.toBlob((b) => b && buffer.push(b, now), 'image/jpeg', 0.7);
      }
      const due = buffer.take(now);
      setWaiting(Math.ceil(buffer.waiting(now)));
      if (due && due !== shown && !drawing) {
        shown = due;
        drawing = true;
        createImageBitmap(due).then(
          (img) => {
            out.width = img.width;
            out.height = img.height;
            out.getContext('2d')?.drawImage(img, 0, 0);
            img.close();
            drawing = false;
          },
          () => {
            drawing = false;
          },
        );
      }
      raf = requestAnimationFrame(loop);
    };
    raf = requestAnimationFrame(loop);
    return () => {
      cancelAnimationFrame(raf);
      buffer.clear();
    };
  }, [source, canvas, delay]);
  return delay === 0 ? 0 : waiting;
}
