// Frame stepping is a shared rule (shared-contracts): the practice player and the clip player of
// practice feedback (shared-web) step the same way.
export {
  MIN_FPS,
  MAX_FPS,
  isFrameRate,
  frameAt,
  timeOfFrame,
  frameStep,
  measuredFrameRate,
} from '@circo/shared-contracts';
