import { Injectable } from '@nestjs/common';
import {
  ADMIN_ERRORS,
  CHARGE_MIN_USD,
  discountedPrice,
  fromCents,
  toCents,
  dayOrInstantMs,
  validateVoucher,
  type AdminDiscount,
  type ItemType,
} from '@circo/shared-contracts';
import { priceToCents, toRichText, toText } from '../admin/admin-values.js';
import { assertRules } from '../admin/shared-rules.js';
import { AppError, notFound } from '../../../common/errors/app-error.js';
import { Transactional, TransactionHost } from '../../../database/transactions.js';
import { CoursesService } from '../courses/courses.service.js';
import { FormationsService } from '../formations/formations.service.js';
import { DiscountAdminRepository } from './discount-admin.repository.js';
import { toDiscountDto } from './discounts.mapper.js';
import { DiscountsRepository } from './discounts.repository.js';
import type { DiscountRow, NewDiscountRow } from '../../../database/tables/discounts.table.js';
import type { DiscountBodyDto } from './dto/discount-body.dto.js';

const discountNotFound = () => notFound(ADMIN_ERRORS.discountNotFound, 'Voucher not found');
const numberOr0 = (v: number | string | undefined) =>
  v === undefined || v === null || v === '' ? 0 : Number(v);

/** The admin side of vouchers (bonos): list, create, edit, delete. */
@Injectable()
export class DiscountAdminService {
  constructor(
    private readonly repo: DiscountAdminRepository,
    private readonly reads: DiscountsRepository,
    private readonly courses: CoursesService,
    private readonly formations: FormationsService,
    private readonly host: TransactionHost,
  ) {}

  /** GET /discounts: every voucher (running, future, past, off), latest start first. */
  async list(): Promise<AdminDiscount[]> {
    return this.withTargets(await this.repo.listAll());
  }

  @Transactional()
  async create(body: DiscountBodyDto): Promise<AdminDiscount> {
    const { values, targets } = await this.read(body);
    const row = await this.repo.rows.insert(values);
    await this.repo.replaceTargets(row.id, targets);
    return (await this.withTargets([row]))[0];
  }

  @Transactional()
  async update(id: string, body: DiscountBodyDto): Promise<AdminDiscount> {
    const current = await this.repo.rows.find(id);
    // the body is checked first: a wrong body is 400 whichever voucher it names
    const { values, targets } = await this.read(body, current ?? undefined);
    if (!current) throw discountNotFound();
    const row = await this.repo.rows.update(id, values);
    if (!row) throw discountNotFound();
    await this.repo.replaceTargets(id, targets);
    return (await this.withTargets([row]))[0];
  }

  async remove(id: string): Promise<void> {
    if (!(await this.repo.rows.delete(id))) throw discountNotFound();
  }

  /** Checks the body with the shared voucher rule and resolves every target's kind. */
  private async read(body: DiscountBodyDto, current?: DiscountRow) {
    // the spec's contract sends plain strings (Spanish): the other languages stay as they were
    const name =
      typeof body.name === 'string'
        ? toText({ ...current?.nameI18n, es: body.name })
        : toText(body.name);
    const description =
      typeof body.description === 'string'
        ? toRichText({ ...current?.descriptionI18n, es: body.description })
        : toRichText(body.description);
    assertRules(
      validateVoucher({
        name: name.es,
        percentage: body.percentage,
        amount: body.amount,
        startDate: body.startDate,
        endDate: body.endDate,
        targetItems: body.targetItems,
      }),
    );
    const type = body.type ?? 'course';
    const targets = await this.resolveTargets(body.targetItems, type);
    await this.assertChargeable(targets, numberOr0(body.percentage), numberOr0(body.amount));
    const values: NewDiscountRow = {
      name: name.es,
      description: description.es,
      nameI18n: name,
      descriptionI18n: description,
      percentage: Math.round(numberOr0(body.percentage)),
      amountCents: priceToCents(numberOr0(body.amount)),
      startDate: new Date(dayOrInstantMs(body.startDate)),
      endDate: new Date(dayOrInstantMs(body.endDate)),
      active: body.active ?? true,
      type,
    };
    return { values, targets };
  }

  /**
   * A voucher may make an item free (a scholarship) but not cheaper than the card provider's
   * minimum: such a price could never be paid. Checked where the voucher is saved.
   */
  private async assertChargeable(
    targets: Array<{ itemType: ItemType; itemId: string }>,
    percentage: number,
    amount: number,
  ): Promise<void> {
    const discount = { percentage: Math.round(percentage), amount: fromCents(toCents(amount)) };
    for (const target of targets) {
      const row =
        target.itemType === 'course'
          ? await this.courses.get(target.itemId)
          : await this.formations.get(target.itemId);
      const cents = toCents(discountedPrice(fromCents(row.priceCents), discount));
      if (cents > 0 && cents < toCents(CHARGE_MIN_USD)) {
        assertRules({ discount: 'voucherBelowMinimum' });
      }
    }
  }

  private async resolveTargets(
    items: DiscountBodyDto['targetItems'],
    type: 'course' | 'formation' | 'both',
  ): Promise<Array<{ itemType: ItemType; itemId: string }>> {
    const ids = [...new Set(items.map((i) => i._id))];
    const [courses, formations] = await this.host.all([
      () => this.courses.titles(ids),
      () => this.formations.titles(ids),
    ]);
    return ids.map((id) => {
      const wanted = items.find((i) => i._id === id)?.itemType;
      const itemType: ItemType | undefined =
        wanted ?? (courses.has(id) ? 'course' : formations.has(id) ? 'formation' : undefined);
      const exists =
        itemType === 'course' ? courses.has(id) : itemType === 'formation' && formations.has(id);
      if (!itemType || !exists || (type !== 'both' && itemType !== type)) {
        throw new AppError(
          400,
          ADMIN_ERRORS.targetNotFound,
          'A target is not a course or training of the voucher type',
          {
            errors: [
              {
                field: 'targetItems',
                code: ADMIN_ERRORS.targetNotFound,
                message: `Unknown target ${id}`,
              },
            ],
          },
        );
      }
      return { itemType, itemId: id };
    });
  }

  private async withTargets(rows: DiscountRow[]): Promise<AdminDiscount[]> {
    const targets = await this.reads.targets(rows.map((r) => r.id));
    const ofType = (t: ItemType) => targets.filter((x) => x.itemType === t).map((x) => x.itemId);
    const [courses, formations] = await this.host.all([
      () => this.courses.titles(ofType('course')),
      () => this.formations.titles(ofType('formation')),
    ]);
    return rows.map((r) =>
      toDiscountDto(
        r,
        targets
          .filter((t) => t.discountId === r.id)
          .map((t) => ({
            _id: t.itemId,
            itemType: t.itemType,
            title: (t.itemType === 'course' ? courses : formations).get(t.itemId)?.title.es ?? '',
          })),
      ),
    );
  }
}
