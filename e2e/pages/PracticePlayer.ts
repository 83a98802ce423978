import { expect, type Locator, type Page } from '@playwright/test';

/** The practice player of a class video, by its accessible names in one language. */
export class PracticePlayerPage {
  constructor(
    readonly page: Page,
    readonly names: PracticeNames,
  ) {}

  get root(): Locator {
    return this.page.getByTestId('practice-player');
  }
  get video(): Locator {
    return this.root.getByTestId('video-player');
  }
  get screen(): Locator {
    return this.root.getByTestId('practice-screen');
  }
  button(name: keyof PracticeNames): Locator {
    return this.root.getByRole('button', { name: new RegExp(`^${this.names[name]}`) });
  }
  /** the media state, from the element itself */
  media(): Promise<{ time: number; rate: number; paused: boolean; pitch: boolean }> {
    return this.video.evaluate((el: HTMLVideoElement) => ({
      time: el.currentTime,
      rate: el.playbackRate,
      paused: el.paused,
      pitch: el.preservesPitch,
    }));
  }
  async frame(): Promise<number> {
    return Number(await this.root.getByTestId('frame-number').getAttribute('data-frame'));
  }
  async repeats(): Promise<number> {
    return Number(await this.root.getByTestId('loop-repeats').getAttribute('data-count'));
  }
  async waitReady(): Promise<void> {
    await expect(this.button('play')).toBeEnabled();
    await this.video.evaluate(async (el: HTMLVideoElement) => {
      el.muted = true;
      if (el.readyState < 2)
        await new Promise((r) => el.addEventListener('canplay', r, { once: true }));
    });
  }
  /**
   * Records an attempt with the camera panel open while the class plays on to `seconds`, then
   * stops: the attempt is shown beside the class (`compare`), which is returned.
   */
  async recordAttempt(seconds: number): Promise<{ panel: Locator; compare: Locator }> {
    const panel = this.page.getByTestId('camera-panel');
    await panel.getByRole('button', { name: this.names.record }).click();
    await expect(panel.getByTestId('recording')).toBeVisible();
    await expect
      .poll(() => this.video.evaluate((el: HTMLVideoElement) => el.currentTime))
      .toBeGreaterThan(seconds);
    await panel.getByRole('button', { name: this.names.stop }).click();
    const compare = this.page.getByTestId('compare');
    await expect(compare).toBeVisible();
    return { panel, compare };
  }
}

export interface PracticeNames {
  watch: string;
  play: string;
  pause: string;
  speed: string;
  mirror: string;
  setA: string;
  setB: string;
  loop: string;
  frameBack: string;
  frameForward: string;
  countdown: string;
  camera: string;
  delay: string;
  record: string;
  stop: string;
  compare: string;
  playBoth: string;
  deleteAttempt: string;
  resume: RegExp;
  practised: string;
  minutes: string;
}

export const PRACTICE_NAMES: Record<'es' | 'en', PracticeNames> = {
  es: {
    watch: 'Ver vídeo',
    play: 'Reproducir',
    pause: 'Pausa',
    speed: 'Velocidad',
    mirror: 'Espejo',
    setA: 'Marcar A',
    setB: 'Marcar B',
    loop: 'Bucle',
    frameBack: 'Fotograma anterior',
    frameForward: 'Fotograma siguiente',
    countdown: 'Cuenta atrás',
    camera: 'Cámara',
    delay: 'Retraso',
    record: 'Grabar intento',
    stop: 'Detener grabación',
    compare: 'Comparar lado a lado',
    playBoth: 'Reproducir ambos',
    deleteAttempt: 'Borrar intento',
    resume: /^Continuar en \d+:\d\d$/,
    practised: 'He practicado esto',
    minutes: 'Minutos',
  },
  en: {
    watch: 'Watch video',
    play: 'Play',
    pause: 'Pause',
    speed: 'Speed',
    mirror: 'Mirror',
    setA: 'Set A',
    setB: 'Set B',
    loop: 'Loop',
    frameBack: 'Frame back',
    frameForward: 'Frame forward',
    countdown: 'Countdown',
    camera: 'Camera',
    delay: 'Delay',
    record: 'Record attempt',
    stop: 'Stop recording',
    compare: 'Compare side by side',
    playBoth: 'Play both',
    deleteAttempt: 'Delete attempt',
    resume: /^Resume at \d+:\d\d$/,
    practised: 'I practised this',
    minutes: 'Minutes',
  },
};
