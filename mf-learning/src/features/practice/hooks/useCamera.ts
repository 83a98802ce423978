import { useEffect, useState } from 'react';

export type CameraState =
  | { status: 'asking' }
  | { status: 'live'; stream: MediaStream }
  | { status: 'refused' | 'missing' | 'unsupported' | 'failed' };

/** The device camera (front camera on a phone) while the panel is open; stopped when it closes. */
export function useCamera(): CameraState {
  const [state, setState] = useState<CameraState>({ status: 'asking' });
  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      setState({ status: 'unsupported' });
      return;
    }
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      })
      .then(
        (s) => {
          if (gone) return s.getTracks().forEach((tr) => tr.stop());
          stream = s;
          setState({ status: 'live', stream: s });
        },
        (err: unknown) => {
          if (gone) return;
          const name = err instanceof DOMException ? err.name : '';
          setState({
            status:
              name === 'NotAllowedError' || name === 'SecurityError'
                ? 'refused'
                : name === 'NotFoundError' || name === 'OverconstrainedError'
                  ? 'missing'
                  : 'failed',
          });
        },
      );
    return () => {
      gone = true;
      stream?.getTracks().forEach((tr) => tr.stop());
    };
  }, []);
  return state;
}
