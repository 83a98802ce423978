import { useCallback, useEffect, useRef, useState } from 'react';

/** A recorded attempt: it stays in this browser (an object URL) until deleted or sent. */
export interface Attempt {
  url: string;
  blob: Blob;
  recordedAt: number;
  /** where the class video was when the recording started (the compare view lines them up) */
  classAt: number;
}

const TYPES = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm', 'video/mp4'];

/** MediaRecorder over the camera stream; `onDone` gets the attempt when it stops. */
export function useRecorder(stream: MediaStream | null, onDone: (a: Attempt) => void) {
  const recorder = useRef<MediaRecorder | null>(null);
  const [recording, setRecording] = useState(false);
  const supported = typeof MediaRecorder !== 'undefined';
  const done = useRef(onDone);
  done.current = onDone;

  const start = useCallback(
    (classAt: number) => {
      if (!stream || !supported) return;
      const mimeType = TYPES.find((m) => MediaRecorder.isTypeSupported(m));
      const r = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
      const chunks: Blob[] = [];
      r.ondataavailable = (e) => {
        if (e.data.size > 0) chunks.push(e.data);
      };
      r.onstop = () => {
        const blob = new Blob(chunks, { type: r.mimeType || 'video/webm' });
        setRecording(false);
        done.current({ url: URL.createObjectURL(blob), blob, recordedAt: Date.now(), classAt });
      };
      r.start(250);
      recorder.current = r;
      setRecording(true);
    },
    [stream, supported],
  );

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
    recorder.current = null;
  }, []);

  // closing the camera ends a recording in progress: what was filmed is kept
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
    },
    [],
  );
  return { supported, recording, start, stop };
}
