import { Injectable } from '@nestjs/common';
import {
  fromCents,
  STUDENTS_ERRORS,
  STUDENTS_PAGE_SIZE,
  type AccessGrantView,
  type GrantAccessBody,
  type Lang,
  type StudentDetail,
  type StudentItem,
  type StudentsPage,
  type StudentSummary,
} from '@circo/shared-contracts';
import { AppError, notFound } from '../../common/errors/app-error.js';
import { PurchasesService } from '../purchases/index.js';
import { CSV_HEADERS, toCsv } from './csv.js';
import { InsightsRepository, type StudentListRow } from './insights.repository.js';

const studentNotFound = () => notFound(STUDENTS_ERRORS.notFound, 'Student not found');
const EMPTY_TITLE = { es: '', en: '', fr: '' };

const summary = (r: StudentListRow): StudentSummary => ({
  _id: r.id,
  name: r.name,
  surname: r.surname,
  email: r.email,
  createdAt: r.createdAt.toISOString(),
  activeItems: r.activeItems,
  items: r.items,
  spent: fromCents(r.spentCents),
  lastActivity: r.lastActivity?.toISOString() ?? null,
});

/** The admin's students: list and search, one student's page, access given and ended by hand. */
@Injectable()
export class StudentsService {
  constructor(
    private readonly repo: InsightsRepository,
    private readonly purchases: PurchasesService,
  ) {}

  async list(q: string | undefined, page: number): Promise<StudentsPage> {
    const total = await this.repo.countStudents(q);
    const rows = await this.repo.listStudents(
      q,
      STUDENTS_PAGE_SIZE,
      (page - 1) * STUDENTS_PAGE_SIZE,
    );
    return { students: rows.map(summary), page, pageSize: STUDENTS_PAGE_SIZE, total };
  }

  /** Every matching student (no pages) as CSV, in the admin's language. */
  async listCsv(q: string | undefined, lang: Lang): Promise<string> {
    const rows = await this.repo.listStudents(q, null, 0);
    return toCsv(
      [...CSV_HEADERS.students[lang]],
      rows.map((r) => {
        const s = summary(r);
        return [
          s.name,
          s.surname,
          s.email,
          s.createdAt,
          s.activeItems,
          s.items,
          s.spent,
          s.lastActivity,
        ];
      }),
      lang,
    );
  }

  async detail(id: string, now = new Date()): Promise<StudentDetail> {
    const student = await this.repo.student(id);
    if (!student) throw studentNotFound();
    const grants = await this.repo.grants(id);
    const payments = await this.repo.payments(id);
    const progress = await this.repo.progress(id);
    const titles = await this.repo.itemTitles([...new Set(grants.map((g) => g.itemId))]);

    const ended = new Set(grants.filter((g) => g.refundsGrantId).map((g) => g.refundsGrantId));
    const items = new Map<string, StudentItem>();
    for (const g of grants) {
      let item = items.get(g.itemId);
      if (!item) {
        const p = progress.get(g.itemId);
        item = {
          itemType: g.itemType,
          itemId: g.itemId,
          title: titles.get(g.itemId) ?? EMPTY_TITLE,
          expiresAt: null,
          expired: true,
          progress: {
            done: p?.done ?? 0,
            total: p?.total ?? 0,
            lastActivity: p?.lastActivity?.toISOString() ?? null,
          },
          history: [],
        };
        items.set(g.itemId, item);
      }
      const view: AccessGrantView = {
        _id: g.id,
        kind: g.kind,
        startsAt: g.startsAt.toISOString(),
        expiresAt: g.expiresAt.toISOString(),
        paymentId: g.paymentId,
        reason: g.reason,
        note: g.note,
        endsGrantId: g.refundsGrantId,
        ended: ended.has(g.id),
        createdAt: g.createdAt.toISOString(),
      };
      item.history.push(view);
      // the current_access rule: the latest end of the grants nothing ended
      const gives = g.kind !== 'refund' && g.kind !== 'revocation' && !view.ended;
      if (gives && (item.expiresAt === null || g.expiresAt.toISOString() > item.expiresAt)) {
        item.expiresAt = g.expiresAt.toISOString();
      }
    }
    for (const item of items.values()) {
      item.expired = item.expiresAt === null || Date.parse(item.expiresAt) <= now.getTime();
    }

    // the payments' items keep the title they were sold with
    return {
      student: {
        _id: student.id,
        name: student.name,
        surname: student.surname,
        email: student.email,
        createdAt: student.createdAt.toISOString(),
        remindersOptOut: student.remindersOptOut,
      },
      // active first, then by end of access
      items: [...items.values()].sort(
        (a, b) =>
          Number(a.expired) - Number(b.expired) ||
          (b.expiresAt ?? '').localeCompare(a.expiresAt ?? ''),
      ),
      payments: payments.map((p) => ({
        _id: p.id,
        provider: p.provider,
        status: p.status,
        amount: fromCents(p.amountCents),
        createdAt: p.createdAt.toISOString(),
        paidAt: p.fulfilledAt?.toISOString() ?? null,
        refundedAt: p.refundedAt?.toISOString() ?? null,
        items: p.items.map((i) => ({
          itemType: i.itemType,
          itemId: i.itemId,
          title: i.title,
          listPrice: fromCents(i.listPriceCents),
          price: fromCents(i.priceCents),
          voucher: i.discountName,
          refundedAt: i.refundedAt === null ? null : new Date(i.refundedAt).toISOString(),
        })),
      })),
    };
  }

  /** POST /admin/students/{id}/access: answers the student's page with the new row. */
  async grant(id: string, body: GrantAccessBody, adminId: string): Promise<StudentDetail> {
    if (!(await this.repo.student(id))) throw studentNotFound();
    if ((body.months === undefined) === (body.until === undefined)) {
      const message = 'Give either months or until';
      throw new AppError(400, STUDENTS_ERRORS.grantPeriod, message, {
        errors: [{ field: 'months', code: STUDENTS_ERRORS.grantPeriod, message }],
      });
    }
    const titles = await this.repo.itemTitles([body.itemId]);
    const known = titles.has(body.itemId) && (await this.repo.itemIs(body.itemType, body.itemId));
    if (!known) {
      throw notFound(STUDENTS_ERRORS.itemNotFound, `No ${body.itemType} with this id`);
    }
    await this.purchases.grantByAdmin({
      userId: id,
      item: { type: body.itemType, id: body.itemId },
      months: body.months,
      until: body.until === undefined ? undefined : new Date(body.until),
      reason: body.reason,
      note: body.note,
      adminId,
    });
    return this.detail(id);
  }

  /** DELETE /admin/students/{id}/access/{grantId}: ends an admin grant now. */
  async endGrant(id: string, grantId: string, adminId: string): Promise<StudentDetail> {
    if (!(await this.repo.student(id))) throw studentNotFound();
    await this.purchases.endAdminGrant(id, grantId, adminId);
    return this.detail(id);
  }
}
