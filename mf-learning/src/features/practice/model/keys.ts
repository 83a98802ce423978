/** The player's keyboard shortcuts, as commands. */
export type Command =
  | 'playPause'
  | 'back5'
  | 'forward5'
  | 'frameBack'
  | 'frameForward'
  | 'setA'
  | 'setB'
  | 'loop'
  | 'mirror'
  | 'slower'
  | 'faster';

const KEYS: Record<string, Command> = {
  ' ': 'playPause',
  ArrowLeft: 'back5',
  ArrowRight: 'forward5',
  ',': 'frameBack',
  '.': 'frameForward',
  '[': 'setA',
  ']': 'setB',
  l: 'loop',
  L: 'loop',
  m: 'mirror',
  M: 'mirror',
  '<': 'slower',
  '>': 'faster',
};

/** The command of a key press, unless a modifier (a browser shortcut) is held. */
export function commandOf(e: {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
}): Command | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  return KEYS[e.key] ?? null;
}

/** Seconds an arrow key seeks. */
export const SEEK_STEP = 5;

/**
 * Whether a key belongs to the focused control rather than to the player: typing in a field or a
 * list, and Space or Enter on a button (which presses it).
 */
export function keyOwnedByControl(tagName: string, key: string): boolean {
  if (tagName === 'INPUT' || tagName === 'SELECT' || tagName === 'TEXTAREA') return true;
  return tagName === 'BUTTON' && (key === ' ' || key === 'Enter');
}
