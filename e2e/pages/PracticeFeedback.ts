import { expect, type Locator, type Page } from '@playwright/test';

/** The student's practice clips under a class and the clip player. */
export class ClipsPanelPage {
  constructor(readonly page: Page) {}
  get root(): Locator {
    return this.page.getByTestId('practice-clips');
  }
  get items(): Locator {
    return this.root.getByTestId('clip-item');
  }
  get player(): Locator {
    return this.page.getByTestId('clip-player').first();
  }
  get marks(): Locator {
    return this.player.getByTestId('clip-mark');
  }
  videoTime(): Promise<number> {
    return this.player.getByTestId('clip-video').evaluate((el: HTMLVideoElement) => el.currentTime);
  }
  async waitVideo(): Promise<void> {
    await this.player.getByTestId('clip-video').evaluate(async (el: HTMLVideoElement) => {
      el.muted = true;
      if (el.readyState < 2)
        await new Promise((r) => el.addEventListener('loadeddata', r, { once: true }));
    });
  }
  /** Puts the clip at `seconds` (paused), as dragging its seek bar would. */
  async seek(seconds: number): Promise<void> {
    await this.player.getByTestId('clip-video').evaluate(async (el: HTMLVideoElement, s) => {
      el.pause();
      el.currentTime = s;
      await new Promise((r) => el.addEventListener('seeked', r, { once: true }));
    }, seconds);
    await expect.poll(() => this.videoTime()).toBeCloseTo(seconds, 1);
  }
}

export interface FeedbackNames {
  send: string;
  file: string;
  note: string;
  sendAttempt: string;
  pending: string;
  answered: string;
  pin: string;
  angle: string;
  comment: string;
  add: string;
  markAnswered: string;
  mailSubject: RegExp;
}

export const FEEDBACK_NAMES: Record<'es' | 'en', FeedbackNames> = {
  es: {
    send: 'Enviar a mi profesora',
    file: 'Video de tu práctica',
    note: 'Nota para tu profesora (opcional)',
    sendAttempt: 'Enviar a mi profesora',
    pending: 'Esperando respuesta',
    answered: 'Respondidos',
    pin: 'Fijar en el momento actual',
    angle: 'Ángulo',
    comment: 'Comentario',
    add: 'Añadir comentario',
    markAnswered: 'Marcar como respondido (avisa al alumno/a por correo)',
    mailSubject: /^Tu profesora respondió a tu práctica de «.+»$/,
  },
  en: {
    send: 'Send to my teacher',
    file: 'Video of your practice',
    note: 'Note for your teacher (optional)',
    sendAttempt: 'Send to my teacher',
    pending: 'Waiting for an answer',
    answered: 'Answered',
    pin: 'Pin to the current moment',
    angle: 'Angle',
    comment: 'Comment',
    add: 'Add comment',
    markAnswered: 'Mark answered (e-mails the student)',
    mailSubject: /^Your teacher answered your practice of “.+”$/,
  },
};
