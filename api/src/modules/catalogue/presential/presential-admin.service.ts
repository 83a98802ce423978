import { Injectable } from '@nestjs/common';
import { ADMIN_ERRORS, validatePresential, type AdminPresential } from '@circo/shared-contracts';
import { toRichText, toText } from '../admin/admin-values.js';
import { assertRules, missingLanguagesMessage } from '../admin/shared-rules.js';
import { notFound } from '../../../common/errors/app-error.js';
import type { PresentialBodyDto } from './dto/presential-body.dto.js';
import { toPresentialFormation } from './presential.mapper.js';
import { PresentialRepository } from './presential.repository.js';
import type { NewPresentialFormationRow } from '../../../database/tables/presential.table.js';

const presentialNotFound = () =>
  notFound(ADMIN_ERRORS.presentialNotFound, 'In-person training not found');

/** The admin side of in-person trainings: every language's texts are required. */
@Injectable()
export class PresentialAdminService {
  constructor(private readonly repo: PresentialRepository) {}

  async list(): Promise<AdminPresential[]> {
    return (await this.repo.listAll()).map(toPresentialFormation);
  }

  async create(body: PresentialBodyDto): Promise<AdminPresential> {
    return toPresentialFormation(await this.repo.rows.insert(values(body)));
  }

  async update(id: string, body: PresentialBodyDto): Promise<AdminPresential> {
    const row = await this.repo.rows.update(id, values(body));
    if (!row) throw presentialNotFound();
    return toPresentialFormation(row);
  }

  async remove(id: string): Promise<void> {
    if (!(await this.repo.rows.delete(id))) throw presentialNotFound();
  }
}

/** Checked by the shared rule (with the "Falta completar..." message), then as columns. */
function values(body: PresentialBodyDto): NewPresentialFormationRow {
  const { errors, missingLanguages } = validatePresential(body);
  assertRules(
    errors,
    missingLanguages.length > 0 ? missingLanguagesMessage(missingLanguages) : undefined,
  );
  const single = body.dateType === 'single';
  return {
    title: toText(body.title),
    description: toRichText(body.description),
    location: toText(body.location),
    dateType: body.dateType,
    singleDate: single ? body.singleDate : null,
    rangeStart: single ? null : body.dateRange?.start,
    rangeEnd: single ? null : body.dateRange?.end,
    time: body.time?.trim() ?? '',
    registrationLink: body.registrationLink?.trim() ?? '',
  };
}
