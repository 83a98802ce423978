import { Injectable } from '@nestjs/common';
import type { Lang, PresentialFormation } from '@circo/shared-contracts';
import { toPresentialFormation } from './presential.mapper.js';
import { PresentialRepository } from './presential.repository.js';

/** Today's calendar date in UTC, 'YYYY-MM-DD' (the dates carry no time zone). */
export const utcToday = (now: Date = new Date()): string => now.toISOString().slice(0, 10);

@Injectable()
export class PresentialService {
  constructor(private readonly repo: PresentialRepository) {}

  /**
   * GET /presential-formations/presencial: upcoming in-person trainings (a single date from today
   * on, or a range not yet over), soonest first. In-person trainings have no per-language
   * visibility; one without a title in `lang` is left out of that language's list.
   */
  async upcoming(lang: Lang, now: Date = new Date()): Promise<PresentialFormation[]> {
    const rows = await this.repo.upcoming(utcToday(now));
    return rows.filter((r) => (r.title?.[lang] ?? '').trim() !== '').map(toPresentialFormation);
  }
}
