import { PRACTICE_SPEEDS } from '@circo/shared-contracts';

/**
 * One way to drive a class video, whatever plays it: an HTML <video> (local files), Vimeo's
 * player (`@vimeo/player`, loaded only for a Vimeo video) or YouTube's embed (its postMessage
 * protocol, what its IFrame API script sends, so no script of theirs runs in our page). What a
 * provider cannot do is listed in `missing`, and the control shows disabled with that reason.
 */
export interface Playback {
  time(): number;
  duration(): number;
  paused(): boolean;
  play(): void;
  pause(): void;
  seek(seconds: number): void;
  /** false when the provider refused the speed (a Vimeo owner who disabled it) */
  setRate(rate: number): Promise<boolean>;
  /** the speeds of PRACTICE_SPEEDS this provider plays */
  rates(): readonly number[];
  /** what the provider does not allow: frame stepping (with a reason key) */
  frameStepReason(): FrameStepReason | null;
  destroy(): void;
}

/**
 * Why frame stepping is off: the provider cannot (YouTube), the frame rate is being measured (a
 * local file without one in its container), or unknown (a Vimeo video not uploaded here).
 */
export type FrameStepReason = 'provider' | 'measuring' | 'unknownRate';

/** A <video> element: everything, speed with the pitch kept. */
export function htmlPlayback(el: HTMLVideoElement): Playback {
  el.preservesPitch = true;
  return {
    time: () => el.currentTime,
    duration: () => el.duration,
    paused: () => el.paused,
    play: () => {
      el.play().catch(() => {});
    },
    pause: () => el.pause(),
    seek: (s) => {
      el.currentTime = s;
    },
    setRate: (rate) => {
      el.playbackRate = rate;
      return Promise.resolve(true);
    },
    rates: () => PRACTICE_SPEEDS,
    frameStepReason: () => null,
    destroy: () => {},
  };
}

/** Vimeo's player: 0.5x to 2x (its range), refused when the video's owner disabled speed. */
export async function vimeoPlayback(iframe: HTMLIFrameElement): Promise<Playback> {
  const { default: Player } = await import('@vimeo/player');
  const player = new Player(iframe);
  let time = 0;
  let duration = NaN;
  let paused = true;
  player.on('timeupdate', (d: { seconds: number; duration: number }) => {
    time = d.seconds;
    duration = d.duration;
  });
  player.on('play', () => {
    paused = false;
  });
  player.on('pause', () => {
    paused = true;
  });
  player.on('ended', () => {
    paused = true;
  });
  await player.ready();
  // the duration comes with the first time update anyway: not worth waiting long for
  duration = await Promise.race([
    player.getDuration().catch(() => NaN),
    new Promise<number>((resolve) => setTimeout(() => resolve(NaN), 3000)),
  ]);
  return {
    time: () => time,
    duration: () => duration,
    paused: () => paused,
    play: () => {
      player.play().catch(() => {});
    },
    pause: () => {
      player.pause().catch(() => {});
    },
    seek: (s) => {
      time = s;
      player.setCurrentTime(s).catch(() => {});
    },
    setRate: (rate) =>
      player.setPlaybackRate(rate).then(
        () => true,
        () => false,
      ),
    rates: () => PRACTICE_SPEEDS.filter((s) => s >= 0.5),
    frameStepReason: () => null,
    destroy: () => {
      void player.destroy().catch(() => {});
    },
  };
}

const YT_PLAYING = 1;

/**
 * YouTube's embed through its postMessage protocol: play, pause, seek and the speeds its video
 * lists (`getAvailablePlaybackRates`). It has no frame-accurate seeking: no frame step.
 */
export function youtubePlayback(iframe: HTMLIFrameElement, onChange: () => void): Playback {
  const origin = new URL(iframe.src).origin;
  let time = 0;
  let duration = NaN;
  let paused = true;
  let rates: number[] = [];
  const post = (msg: object) =>
    iframe.contentWindow?.postMessage(JSON.stringify({ ...msg, id: 1, channel: 'widget' }), origin);
  const command = (func: string, args: unknown[] = []) => post({ event: 'command', func, args });
  const onMessage = (e: MessageEvent) => {
    if (e.origin !== origin || e.source !== iframe.contentWindow || typeof e.data !== 'string')
      return;
    let data: { event?: string; info?: Record<string, unknown> };
    try {
      data = JSON.parse(e.data) as typeof data;
    } catch {
      return;
    }
    const info = data.info;
    if (!info || typeof info !== 'object') return;
    if (typeof info.currentTime === 'number') time = info.currentTime;
    if (typeof info.duration === 'number') duration = info.duration;
    if (typeof info.playerState === 'number') paused = info.playerState !== YT_PLAYING;
    if (Array.isArray(info.availablePlaybackRates)) {
      rates = (info.availablePlaybackRates as unknown[]).filter(
        (r): r is number => typeof r === 'number',
      );
      onChange();
    }
  };
  window.addEventListener('message', onMessage);
  const listen = () => post({ event: 'listening' });
  iframe.addEventListener('load', listen);
  listen();
  return {
    time: () => time,
    duration: () => duration,
    paused: () => paused,
    play: () => command('playVideo'),
    pause: () => command('pauseVideo'),
    seek: (s) => {
      time = s;
      command('seekTo', [s, true]);
    },
    setRate: (rate) => {
      if (!rates.includes(rate)) return Promise.resolve(false);
      command('setPlaybackRate', [rate]);
      return Promise.resolve(true);
    },
    rates: () => PRACTICE_SPEEDS.filter((s) => rates.includes(s)),
    frameStepReason: () => 'provider',
    destroy: () => {
      window.removeEventListener('message', onMessage);
      iframe.removeEventListener('load', listen);
    },
  };
}

/** The embed URL with the JS API on (YouTube answers postMessage only then). */
export function withYoutubeApi(embed: string, pageOrigin: string): string {
  const url = new URL(embed);
  url.searchParams.set('enablejsapi', '1');
  url.searchParams.set('origin', pageOrigin);
  return url.toString();
}

/** Why the player cannot step by frames now (null: it can): the provider's reason, else the rate. */
export function frameStepReasonOf(
  playback: Playback | null,
  fps: number | null,
  local: boolean,
): FrameStepReason | null {
  return playback?.frameStepReason() ?? (fps !== null ? null : local ? 'measuring' : 'unknownRate');
}
