import type { ItemType } from './catalog.js';
import type { CameraDelay, PracticeCountdown, PracticeSpeed } from '../domain/practice.js';

// The practice player's API: where a student left each class video, the choices the
// player remembers, and the practice log. Only the student's own classes of items with active
// access (403 otherwise), a session required (401).

/** GET/PUT /learning/classes/{classId}/position */
export interface ClassPositionResponse {
  classId: string;
  /** null when never saved */
  seconds: number | null;
  /** the video of the class (its index in ClassDetail.videos) the position is in */
  video: number;
  updatedAt: string | null;
}

export interface PutClassPositionBody {
  /** whole or decimal seconds, 0 to POSITION_SECONDS_MAX */
  seconds: number;
  /** the video's index in the class (default 0) */
  video?: number;
}

/** GET/PUT /learning/practice-preferences: remembered per student, on every device. */
export interface PracticePreferences {
  speed: PracticeSpeed;
  mirror: boolean;
  countdown: PracticeCountdown;
  cameraDelay: CameraDelay;
}

export interface PracticeLogEntry {
  id: string;
  classId: string;
  itemType: ItemType;
  itemId: string;
  minutes: number;
  /** the student's calendar day, YYYY-MM-DD */
  day: string;
  createdAt: string;
}

/** POST /learning/practice-log */
export interface PostPracticeLogBody {
  classId: string;
  minutes: number;
  /** the student's local date (YYYY-MM-DD), within a day of the server's; default: today (UTC) */
  day?: string;
}

/**
 * GET /learning/practice-log?classId=&today= : the student's practice. With `classId` the total
 * and entries are that class's; the streak is always over every class.
 */
export interface PracticeLogResponse {
  totalMinutes: number;
  /** consecutive days with practice ending today or yesterday */
  streakDays: number;
  /** the latest entries, newest first (at most PRACTICE_LOG_LIMIT) */
  entries: PracticeLogEntry[];
  /** minutes per course or formation (My Courses) */
  items: Array<{ itemType: ItemType; itemId: string; minutes: number }>;
}

export const PRACTICE_LOG_LIMIT = 50;

const enc = encodeURIComponent;

export const PRACTICE_PATHS = {
  position: (classId: string) => `/learning/classes/${enc(classId)}/position`,
  preferences: '/learning/practice-preferences',
  log: '/learning/practice-log',
} as const;

export const PRACTICE_ERRORS = {
  dayOutOfRange: 'practice.day_out_of_range',
  /** an entry's idempotency key sent again with another class, minutes or day */
  keyReused: 'practice.idempotency_key_reused',
} as const;
