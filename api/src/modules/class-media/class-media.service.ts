import { Injectable } from '@nestjs/common';
import { ClassMediaRepository } from './class-media.repository.js';
import type { ClassMediaRow, MediaOwnerKind } from './class-media.table.js';

/** The pdfs[] and videos[] of course and formation classes. */
@Injectable()
export class ClassMediaService {
  constructor(private readonly repo: ClassMediaRepository) {}

  listForClass(ownerKind: MediaOwnerKind, classId: string): Promise<ClassMediaRow[]> {
    return this.repo.listForClass(ownerKind, classId);
  }
}
