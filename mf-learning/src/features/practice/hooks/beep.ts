let ctx: AudioContext | null = null;

/** A short beep (Web Audio): a tick each second of the countdown, a higher one at "go". */
export function beep(kind: 'tick' | 'go'): void {
  try {
    ctx ??= new AudioContext();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.frequency.value = kind === 'go' ? 1320 : 880;
    gain.gain.setValueAtTime(0.25, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + (kind === 'go' ? 0.45 : 0.15));
    osc.connect(gain).connect(ctx.destination);
    osc.start();
    osc.stop(ctx.currentTime + 0.5);
  } catch {
    // no audio (autoplay policy, no device): the countdown still shows
  }
}
