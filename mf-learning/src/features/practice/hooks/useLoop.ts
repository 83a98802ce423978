import { useReducer, useRef } from 'react';
import {
  clearLoop,
  initialLoop,
  setA,
  setB,
  setLoopPause,
  toggleLoop,
  type LoopState,
} from '../model/abLoop';

export type LoopAction =
  | { type: 'setA' | 'setB'; at: number }
  | { type: 'toggle' | 'clear' }
  | { type: 'pause'; seconds: number }
  | { type: 'replace'; state: LoopState };

function loopReducer(s: LoopState, a: LoopAction): LoopState {
  switch (a.type) {
    case 'setA':
      return setA(s, a.at);
    case 'setB':
      return setB(s, a.at);
    case 'toggle':
      return toggleLoop(s);
    case 'clear':
      return clearLoop(s);
    case 'pause':
      return setLoopPause(s, a.seconds);
    case 'replace':
      return a.state;
  }
}

/** The A-B loop's state, its actions, and a ref the playback tick reads between renders. */
export function useLoop() {
  const [loop, dispatchLoop] = useReducer(loopReducer, initialLoop);
  const loopRef = useRef(loop);
  loopRef.current = loop;
  return { loop, dispatchLoop, loopRef };
}
