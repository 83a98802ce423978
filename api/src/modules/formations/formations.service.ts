import { Injectable } from '@nestjs/common';
import { CATALOG_ERRORS } from '@circo/shared-contracts';
import { notFound } from '../../common/errors/app-error.js';
import { FormationsRepository } from './formations.repository.js';
import type { FormationRow } from './formations.table.js';

@Injectable()
export class FormationsService {
  constructor(private readonly repo: FormationsRepository) {}

  /** The formation, or 404 `formations.not_found`. */
  async get(id: string): Promise<FormationRow> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound(CATALOG_ERRORS.formationNotFound, 'Training not found');
    return row;
  }

  /** Ids of all the formation's classes (404 when the formation does not exist). */
  async classIds(formationId: string): Promise<string[]> {
    await this.get(formationId);
    return this.repo.classIds(formationId);
  }
}
