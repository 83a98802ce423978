import type { ItemType } from './catalog.js';
import type { Lang } from '../languages.js';

// The coach's business in the admin area: sales dashboard, students, access by hand.
// Money is USD with 2 decimals on the wire (integer cents in the database).

export const STATS_GROUPS = ['day', 'week', 'month'] as const;
export type StatsGroup = (typeof STATS_GROUPS)[number];

/** The longest period the dashboard answers for (days). */
export const STATS_MAX_DAYS = 5 * 366;

/** GET /admin/stats/sales?from=&to=&groupBy=&tz= (from/to are calendar days in tz, inclusive). */
export interface SalesStatsQuery {
  from: string;
  to: string;
  groupBy?: StatsGroup;
  /** An IANA time zone (the admin's browser's); UTC by default. */
  tz?: string;
}

export interface SalesTotals {
  /** Payments paid in the period (refunded later or not). */
  sales: number;
  /** What they charged. */
  gross: number;
  /**
   * Refunds made in the period and what they gave back: a whole payment, or the price of items
   * paid back on their own (a cart with an item the buyer already owned).
   */
  refunds: number;
  refunded: number;
  /** gross - refunded. */
  net: number;
  /** Items sold with a voucher, and what the vouchers took off their list prices. */
  vouchersUsed: number;
  vouchersCost: number;
  /** Buyers whose first paid payment falls in the period. */
  newStudents: number;
}

export interface SalesBucket {
  /** The bucket's first day (YYYY-MM-DD, in tz; a week starts on Monday). */
  period: string;
  sales: number;
  gross: number;
  refunded: number;
  net: number;
}

export interface SalesByItem {
  itemType: ItemType;
  itemId: string;
  /** The title when it was last sold in the period. */
  title: Record<Lang, string>;
  /** Units sold in the period, what they charged, and what of that was refunded (at any time). */
  sold: number;
  gross: number;
  refunded: number;
  net: number;
}

export interface SalesByVoucher {
  discountId: string | null;
  name: string;
  uses: number;
  cost: number;
}

export interface SalesStats {
  from: string;
  to: string;
  groupBy: StatsGroup;
  tz: string;
  currency: 'usd';
  totals: SalesTotals;
  series: SalesBucket[];
  items: SalesByItem[];
  vouchers: SalesByVoucher[];
}

// ---------------------------------------------------------------- students

export const STUDENTS_PAGE_SIZE = 20;

/** GET /admin/students?q=&page= (q: part of a name, surname or e-mail; accents and case ignored). */
export interface StudentsQuery {
  q?: string;
  page?: number;
}

export interface StudentSummary {
  _id: string;
  name: string;
  surname: string;
  email: string;
  createdAt: string;
  /** Items with access now, and items ever owned. */
  activeItems: number;
  items: number;
  /** What their payments charged, refunds subtracted. */
  spent: number;
  /** The last class they marked done, if any. */
  lastActivity: string | null;
}

export interface StudentsPage {
  students: StudentSummary[];
  page: number;
  pageSize: number;
  total: number;
}

export const GRANT_REASONS = ['scholarship', 'technical', 'gift', 'other'] as const;
export type GrantReason = (typeof GRANT_REASONS)[number];
export type GrantKindName = 'purchase' | 'renewal' | 'admin_grant' | 'refund' | 'revocation';

/** One row of a student's access history of an item. */
export interface AccessGrantView {
  _id: string;
  kind: GrantKindName;
  startsAt: string;
  expiresAt: string;
  paymentId: string | null;
  reason: GrantReason | null;
  note: string | null;
  /** For a refund or a revocation: the grant it ends. */
  endsGrantId: string | null;
  /** A purchase, renewal or admin grant that a refund or a revocation ended. */
  ended: boolean;
  createdAt: string;
}

export interface StudentItem {
  itemType: ItemType;
  itemId: string;
  title: Record<Lang, string>;
  /** The end of access now (null when every grant was ended). */
  expiresAt: string | null;
  expired: boolean;
  progress: { done: number; total: number; lastActivity: string | null };
  history: AccessGrantView[];
}

export interface StudentPaymentItem {
  itemType: ItemType;
  itemId: string;
  title: Record<Lang, string>;
  listPrice: number;
  price: number;
  voucher: string | null;
  /** When this item's price alone went back (the payment stays paid for the rest). */
  refundedAt: string | null;
}

export interface StudentPayment {
  _id: string;
  provider: 'stripe' | 'local';
  status: string;
  amount: number;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  items: StudentPaymentItem[];
}

export interface StudentDetail {
  student: Omit<StudentSummary, 'activeItems' | 'items' | 'spent' | 'lastActivity'> & {
    remindersOptOut: boolean;
  };
  items: StudentItem[];
  payments: StudentPayment[];
}

/**
 * POST /admin/students/{id}/access: give an item for `months` months (from the end of the access
 * the student has now, or from now) or until `until` (an instant), with a reason. Answers the
 * student's page.
 */
export interface GrantAccessBody {
  itemType: ItemType;
  itemId: string;
  months?: number;
  until?: string;
  reason: GrantReason;
  note?: string;
}

export const GRANT_MONTHS_MAX = 36;

export const STUDENTS_ERRORS = {
  notFound: 'students.not_found',
  itemNotFound: 'students.item_not_found',
  grantNotFound: 'students.grant_not_found',
  /** Only an admin grant can be ended here; a purchase ends with its payment's refund. */
  grantNotAdmin: 'students.grant_not_admin',
  grantEnded: 'students.grant_already_ended',
  /** Exactly one of months and until. */
  grantPeriod: 'students.grant_period',
  badPeriod: 'stats.bad_period',
} as const;
