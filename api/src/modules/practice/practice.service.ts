import { Injectable } from '@nestjs/common';
import {
  PRACTICE_ERRORS,
  PRACTICE_LOG_LIMIT,
  practiceStreak,
  type ClassPositionResponse,
  type PracticeLogEntry,
  type PracticeLogResponse,
  type PracticePreferences,
} from '@circo/shared-contracts';
import { viewerOf, ClassesService } from '../catalogue/index.js';
import { badRequest, conflict } from '../../common/errors/app-error.js';
import type { AuthUser } from '../auth/index.js';
import { PracticeRepository, type ClassRef } from './practice.repository.js';
import type {
  PracticeLogRow,
  PracticePreferencesRow,
} from '../../database/tables/practice.table.js';

const DAY_MS = 86_400_000;
const DEFAULTS: PracticePreferences = { speed: 1, mirror: false, countdown: 0, cameraDelay: 0 };

const toEntry = (r: PracticeLogRow): PracticeLogEntry => ({
  id: r.id,
  classId: r.classId,
  itemType: r.itemType,
  itemId: r.itemId,
  minutes: r.minutes,
  day: r.day,
  createdAt: r.createdAt.toISOString(),
});

const toPreferences = (r: PracticePreferencesRow): PracticePreferences => ({
  speed: r.speed as PracticePreferences['speed'],
  mirror: r.mirror,
  countdown: r.countdown as PracticePreferences['countdown'],
  cameraDelay: r.cameraDelay as PracticePreferences['cameraDelay'],
});

/**
 * The practice player's data of a student: the position of each class's video, the
 * choices the player remembers, and the practice log. A class's rows only for a student with
 * active access to its course or formation (an admin: any class).
 */
@Injectable()
export class PracticeService {
  constructor(
    private readonly repo: PracticeRepository,
    private readonly classes: ClassesService,
  ) {}

  async position(user: AuthUser, classId: string): Promise<ClassPositionResponse> {
    await this.classRef(user, classId);
    const row = await this.repo.position(user.id, classId);
    return {
      classId,
      seconds: row ? row.seconds : null,
      video: row?.video ?? 0,
      updatedAt: row ? row.updatedAt.toISOString() : null,
    };
  }

  async savePosition(
    user: AuthUser,
    classId: string,
    seconds: number,
    video = 0,
  ): Promise<ClassPositionResponse> {
    const ref = await this.classRef(user, classId);
    // a tenth of a second is finer than any student needs to resume
    const row = await this.repo.savePosition(user.id, ref, video, Math.round(seconds * 10) / 10);
    return {
      classId,
      seconds: row.seconds,
      video: row.video,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async preferences(user: AuthUser): Promise<PracticePreferences> {
    const row = await this.repo.preferences(user.id);
    return row ? toPreferences(row) : DEFAULTS;
  }

  async savePreferences(user: AuthUser, p: PracticePreferences): Promise<PracticePreferences> {
    return toPreferences(await this.repo.savePreferences(user.id, p));
  }

  async log(
    user: AuthUser,
    classId: string | undefined,
    today: string | undefined,
    nowMs = Date.now(),
  ): Promise<PracticeLogResponse> {
    if (classId) await this.classRef(user, classId);
    const day = this.dayOf(today, nowMs, 'today');
    const [entries, totalMinutes, days, items] = await Promise.all([
      this.repo.entries(user.id, classId, PRACTICE_LOG_LIMIT),
      this.repo.totalMinutes(user.id, classId),
      this.repo.days(user.id),
      this.repo.minutesPerItem(user.id),
    ]);
    return {
      totalMinutes,
      streakDays: practiceStreak(days, day),
      entries: entries.map(toEntry),
      items,
    };
  }

  async addLog(
    user: AuthUser,
    classId: string,
    minutes: number,
    day: string | undefined,
    idempotencyKey?: string,
    nowMs = Date.now(),
  ): Promise<PracticeLogResponse> {
    const ref = await this.classRef(user, classId);
    const on = this.dayOf(day, nowMs, 'day');
    const entry = await this.repo.addLog(user.id, ref, minutes, on, idempotencyKey);
    // the same key again: the entry it wrote, unless the key now names another entry
    if (entry.classId !== ref.classId || entry.minutes !== minutes || entry.day !== on) {
      throw conflict(
        PRACTICE_ERRORS.keyReused,
        'This idempotencyKey was sent with another class, minutes or day',
      );
    }
    return this.log(user, classId, on, nowMs);
  }

  private async classRef(user: AuthUser, classId: string): Promise<ClassRef> {
    const { itemType, itemId } = await this.classes.owned(classId, viewerOf(user));
    return { itemType, itemId, classId };
  }

  /**
   * The student's calendar day: the one the browser gives (its time zone), when it is a real date
   * within a day of the server's UTC date; the UTC date otherwise.
   */
  private dayOf(given: string | undefined, nowMs: number, field: string): string {
    const utc = new Date(nowMs).toISOString().slice(0, 10);
    if (given === undefined) return utc;
    const ms = Date.parse(`${given}T00:00:00Z`);
    const real = Number.isFinite(ms) && new Date(ms).toISOString().slice(0, 10) === given;
    if (!real || Math.abs(ms - Date.parse(`${utc}T00:00:00Z`)) > DAY_MS) {
      throw badRequest(
        PRACTICE_ERRORS.dayOutOfRange,
        `${field} must be a real date within a day of ${utc}`,
        field,
      );
    }
    return given;
  }
}
