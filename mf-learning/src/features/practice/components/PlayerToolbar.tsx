import { useTranslation } from 'react-i18next';
import type { PracticeCountdown } from '@circo/shared-contracts';
import type { LoopState } from '../model/abLoop';
import type { Command } from '../model/keys';
import type { FrameStepReason } from '../hooks/playback';
import {
  FrameStepGroup,
  LoopGroup,
  ScreenGroup,
  SettingsGroup,
  TimeGroup,
} from './PlayerToolbarGroups';

/**
 * The player's controls: big buttons (44 px and more) with their names for a screen reader; a
 * control the provider does not allow stays visible, disabled, with the reason beside it.
 */
export interface ToolbarProps {
  ready: boolean;
  playing: boolean;
  speed: number;
  rates: readonly number[];
  onSpeed: (s: number) => void;
  mirror: boolean;
  onMirror: () => void;
  frameStepReason: FrameStepReason | null;
  onFrame: (dir: 1 | -1) => void;
  onPlayPause: () => void;
  loop: LoopState;
  canLoop: boolean;
  onLoop: (c: Extract<Command, 'setA' | 'setB' | 'loop'>) => void;
  onLoopPause: (seconds: number) => void;
  onClearLoop: () => void;
  countdown: PracticeCountdown;
  onCountdown: (c: PracticeCountdown) => void;
  camera: boolean;
  onCamera: () => void;
  fullscreen: boolean;
  onFullscreen: () => void;
  time: number;
  duration: number;
  onSeek: (seconds: number) => void;
  frame: number | null;
}

export function PlayerToolbar(p: ToolbarProps) {
  const { t } = useTranslation('practice');
  return (
    <div className="practice__bar" role="toolbar" aria-label={t('controls')}>
      <TimeGroup p={p} />
      <FrameStepGroup p={p} />
      <SettingsGroup p={p} />
      <LoopGroup p={p} />
      <ScreenGroup p={p} />
    </div>
  );
}
