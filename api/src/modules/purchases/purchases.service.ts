import { Injectable } from '@nestjs/common';
import type { PurchasesResponse } from '@circo/shared-contracts';
import type { ItemType } from '../../database/columns.js';
import { PurchasesRepository } from './purchases.repository.js';

@Injectable()
export class PurchasesService {
  constructor(private readonly repo: PurchasesRepository) {}

  /** GET /users/mis-compras: every purchase with its expiry; expired ones are flagged. */
  async listForUser(userId: string, now = new Date()): Promise<PurchasesResponse> {
    const rows = await this.repo.listForUser(userId);
    const view = (r: (typeof rows)[number]) => ({
      fechaExpiracion: r.expiresAt.toISOString(),
      expired: r.expiresAt.getTime() <= now.getTime(),
    });
    return {
      cursos: rows
        .filter((r) => r.itemType === 'course')
        .map((r) => ({ courseId: r.itemId, ...view(r) })),
      formaciones: rows
        .filter((r) => r.itemType === 'formation')
        .map((r) => ({ formationId: r.itemId, ...view(r) })),
    };
  }

  /** Whether the user owns the item with access not yet expired. */
  hasActive(
    userId: string,
    itemType: ItemType,
    itemId: string,
    now = new Date(),
  ): Promise<boolean> {
    return this.repo.hasActive(userId, itemType, itemId, now);
  }
}
