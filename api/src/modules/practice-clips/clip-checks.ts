import {
  PRACTICE_CLIP_ERRORS,
  PRACTICE_VOICE_MAX_SECONDS,
  UPLOAD_ERRORS,
  drawingProblem,
  type DrawingShape,
  type Lang,
  type PracticeClipSource,
} from '@circo/shared-contracts';
import type { Logger } from '@nestjs/common';
import { AppError, badRequest, notFound } from '../../common/errors/app-error.js';
import { readMediaInfo, type MediaInfo, type MediaProbe } from '../media/index.js';
import type { ReceivedFile } from '../uploads/index.js';
import type { PracticeClipRow } from '../../database/tables/practice-clips.table.js';

// What a clip's file, a voice note and a comment must be, checked before anything is stored.

/** A container may round its duration up a little: a comment at the last frame still counts. */
const DURATION_SLACK = 0.5;

export const clipNotFound = () =>
  notFound(PRACTICE_CLIP_ERRORS.notFound, 'Practice clip not found');

export interface NewClip {
  classId: string;
  note: string;
  source: PracticeClipSource;
  lang: Lang;
}

export interface NewComment {
  atSeconds: number;
  text: string;
  drawing: DrawingShape[];
}

/** A clip's video: readable, with a picture, at most `maxSeconds` long (else 400). */
export async function checkClipFile(
  file: ReceivedFile,
  max: number,
  logger: Logger,
): Promise<MediaInfo> {
  const info = readable(
    logger,
    await readMediaInfo(file.tmpPath, { maxSeconds: max }),
    'file',
    "The video's length could not be read from the file: export it again as MP4 and send it",
  );
  if (!info.hasVideo) {
    throw badRequest(PRACTICE_CLIP_ERRORS.noVideo, 'The file has no picture, only sound', 'file');
  }
  if (info.durationSeconds > max + DURATION_SLACK) {
    throw new AppError(
      400,
      PRACTICE_CLIP_ERRORS.tooLong,
      `The clip lasts ${Math.round(info.durationSeconds)} s: at most ${max} s (cut it to the moment you want corrected)`,
      {
        data: { maxSeconds: max, seconds: info.durationSeconds },
        errors: [
          { field: 'file', code: PRACTICE_CLIP_ERRORS.tooLong, message: `at most ${max} s` },
        ],
      },
    );
  }
  return info;
}

/**
 * The facts of a file its container gave, or 400 `practice_clips.unreadable`: with `message`
 * when it is not a container we read, else with what in it cannot be taken.
 */
function readable(logger: Logger, probe: MediaProbe, field: string, message: string): MediaInfo {
  if (probe.ok) return probe.info;
  if (probe.problem !== 'not_media') {
    logger.warn(`practice file refused: ${probe.problem} (${probe.detail})`);
    message = `The file cannot be used (${probe.detail}): export it again as MP4 and send it`;
  }
  throw badRequest(PRACTICE_CLIP_ERRORS.unreadable, message, field);
}

/** A comment: within the clip, a drawing inside the frame, and something to say (else 400). */
export function checkComment(row: PracticeClipRow, c: NewComment, hasVoice: boolean): void {
  if (c.atSeconds > row.durationSeconds + DURATION_SLACK) {
    throw new AppError(
      400,
      PRACTICE_CLIP_ERRORS.timeOutside,
      `atSeconds must be within the clip (0 to ${row.durationSeconds} s)`,
      {
        data: { durationSeconds: row.durationSeconds },
        errors: [
          {
            field: 'atSeconds',
            code: PRACTICE_CLIP_ERRORS.timeOutside,
            message: 'outside the clip',
          },
        ],
      },
    );
  }
  const problem = drawingProblem(c.drawing);
  if (problem === 'outside') {
    throw badRequest(
      PRACTICE_CLIP_ERRORS.drawingOutside,
      'Every point of a drawing must be inside the frame (coordinates 0 to 1)',
      'drawing',
    );
  }
  if (problem) {
    throw badRequest(
      PRACTICE_CLIP_ERRORS.drawingInvalid,
      'drawing must be a list of { kind: line|arrow|circle|angle, points: [[x, y], ...] } (2 points, 3 for an angle)',
      'drawing',
    );
  }
  if (!c.text && c.drawing.length === 0 && !hasVoice) {
    throw badRequest(
      PRACTICE_CLIP_ERRORS.emptyComment,
      'A comment needs a text, a drawing or a voice note',
      'text',
    );
  }
}

/** A voice note: sound only, at most PRACTICE_VOICE_MAX_SECONDS long; its length in seconds. */
export async function checkVoice(voice: ReceivedFile, logger: Logger): Promise<number> {
  const info = readable(
    logger,
    await readMediaInfo(voice.tmpPath, { maxSeconds: PRACTICE_VOICE_MAX_SECONDS }),
    'audio',
    "The voice note's length could not be read: record it again",
  );
  if (info.hasVideo || !info.hasAudio) {
    throw new AppError(
      415,
      UPLOAD_ERRORS.wrongType,
      'A voice note is a sound recording only: this file has a picture or no sound',
      { errors: [{ field: 'audio', code: UPLOAD_ERRORS.wrongType, message: 'sound only' }] },
    );
  }
  if (info.durationSeconds > PRACTICE_VOICE_MAX_SECONDS + DURATION_SLACK) {
    throw badRequest(
      PRACTICE_CLIP_ERRORS.voiceTooLong,
      `A voice note lasts at most ${PRACTICE_VOICE_MAX_SECONDS} s`,
      'audio',
    );
  }
  return info.durationSeconds;
}
