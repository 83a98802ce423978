import { Injectable } from '@nestjs/common';
import {
  BILLING_ERRORS,
  BILLING_LIMITS,
  INVOICE_SERIES_PATTERN,
  isCountryCode,
  isEuCountry,
  normaliseVatId,
  splitLines,
  taxFor,
  type BillingDetails,
  type BillingSettings,
  type BillingSettingsInput,
  type CountrySource,
  type MyBilling,
  type SellerTax,
  type TaxDecision,
  type TaxSplit,
} from '@circo/shared-contracts';
import { badRequest } from '../../common/errors/app-error.js';
import type {
  NewPaymentBillingRow,
  PaymentBillingRow,
} from '../../database/tables/invoicing.table.js';
import { CatalogCacheService } from '../catalogue/index.js';
import type { VersionedCache } from '../../common/version-poll.js';
import { UsersService } from '../users/index.js';
import { InvoicingRepository, type SettingsValues } from './invoicing.repository.js';
import { viesValid } from './vies.js';

/** The settings of a shop whose coach has not filled them in yet (the table's defaults). */
export const DEFAULT_BILLING: BillingSettings = {
  legalName: '',
  taxId: '',
  address: '',
  country: 'ES',
  invoiceSeries: 'F',
  creditNoteSeries: 'R',
  pricesIncludeTax: true,
  ossRegistered: true,
  viesCheck: false,
  stripeTax: true,
  vatOverrides: {},
  eurRates: {},
};

/** The job that records Stripe Tax's transaction of a paid payment (payload `paymentId`). */
export const STRIPE_TAX_RECORD_JOB = 'invoicing.stripe-tax-record';
/** The job that reverses it by a credit note (payload `paymentId`, `refundKey`). */
export const STRIPE_TAX_REVERSAL_JOB = 'invoicing.stripe-tax-reversal';

/** The tax of a payment and who it is billed to, as checkout quotes it. */
export interface BillingQuote {
  name: string;
  country: string;
  countrySource: CountrySource;
  taxId: string | null;
  taxIdVerified: boolean | null;
  decision: TaxDecision;
  pricesIncludeTax: boolean;
  lines: TaxSplit[];
  total: TaxSplit;
  /** The buyer gave these details now: they become the prefill of the next checkout. */
  given: boolean;
  /** Stripe Tax's calculation, when it computed the figures (else the table did). */
  taxCalculationId?: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * The coach's billing settings and the buyer's side of the tax: which country and status a
 * payment is taxed by (the billing details given, else the buyer's last ones, else the seller's
 * country), its VAT number checked (format always, VIES when on), and the evidence kept.
 */
/**
 * Billing details as a payment takes them (a checkout, a membership): the name trimmed, the
 * country upper-case and one of ISO 3166's (400 `billing.invalid_country` if not), an EU
 * business's VAT number of its country's format, normalised (400 `billing.invalid_vat_number`
 * if not); another country's tax ID as given, trimmed.
 */
export function billingDetailsOf(given: BillingDetails): BillingDetails {
  const country = given.country.trim().toUpperCase();
  if (!isCountryCode(country)) {
    throw badRequest(BILLING_ERRORS.invalidCountry, 'billing.country is not a country code');
  }
  const raw = given.taxId?.trim() ?? '';
  const taxId = raw && isEuCountry(country) ? normaliseVatId(country, raw) : raw;
  if (raw && !taxId) {
    throw badRequest(
      BILLING_ERRORS.invalidVatNumber,
      `billing.taxId is not a VAT number of ${country}`,
    );
  }
  return { name: given.name.trim(), country, ...(taxId ? { taxId } : {}) };
}

/** A card's country as a provider reports it, as the evidence keeps it: its code, else null. */
export function cardCountryCode(country: string): string | null {
  const code = country.trim().toUpperCase();
  return isCountryCode(code) ? code : null;
}

@Injectable()
export class BillingService {
  /**
   * The settings as this instance last read them, kept on the catalogue's version (a write of
   * billing_settings bumps it): every checkout and every invoice reads them.
   */
  private readonly kept: VersionedCache<BillingSettings>;

  constructor(
    private readonly repo: InvoicingRepository,
    private readonly users: UsersService,
    private readonly catalog: CatalogCacheService,
  ) {
    this.kept = catalog.follow({ max: 1 });
  }

  async settings(): Promise<BillingSettings> {
    const hit = this.kept.get('settings');
    if (hit) return structuredClone(hit);
    const ticket = this.kept.ticket();
    const row = await this.repo.settings();
    let settings: BillingSettings = { ...DEFAULT_BILLING };
    if (row) {
      const { id: _id, updatedAt: _at, ...values } = row;
      settings = values;
    }
    this.kept.set('settings', structuredClone(settings), ticket);
    return settings;
  }

  /** PUT /admin/billing/settings: every field checked (400 `billing.invalid_settings`). */
  async setSettings(input: BillingSettingsInput): Promise<BillingSettings> {
    const bad = (message: string) => badRequest(BILLING_ERRORS.invalidSettings, message);
    if (!isCountryCode(input.country)) throw bad('country must be an ISO 3166 country code');
    for (const series of [input.invoiceSeries, input.creditNoteSeries]) {
      if (!INVOICE_SERIES_PATTERN.test(series)) {
        throw bad('A series is 1 to 10 capital letters, digits or dashes, starting with a letter');
      }
    }
    if (input.invoiceSeries === input.creditNoteSeries) {
      throw bad('Credit notes need a series of their own');
    }
    for (const [country, rate] of Object.entries(input.vatOverrides)) {
      if (!isEuCountry(country)) throw bad(`${country} is not an EU member state`);
      if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < 0 || rate > 100) {
        throw bad(`The rate of ${country} must be a percent from 0 to 100`);
      }
    }
    for (const [month, rate] of Object.entries(input.eurRates)) {
      if (!MONTH.test(month)) throw bad(`${month} is not a month (YYYY-MM)`);
      if (typeof rate !== 'number' || !Number.isFinite(rate) || rate <= 0 || rate >= 100) {
        throw bad(`The EUR rate of ${month} must be a positive number`);
      }
    }
    const values: SettingsValues = {
      legalName: input.legalName.trim(),
      taxId: input.taxId.trim(),
      address: input.address.trim(),
      country: input.country,
      invoiceSeries: input.invoiceSeries,
      creditNoteSeries: input.creditNoteSeries,
      pricesIncludeTax: input.pricesIncludeTax,
      ossRegistered: input.ossRegistered,
      viesCheck: input.viesCheck,
      stripeTax: input.stripeTax ?? (await this.settings()).stripeTax,
      vatOverrides: input.vatOverrides,
      eurRates: input.eurRates,
    };
    await this.repo.setSettings(values);
    // this instance's copy goes now, the others' at their next read of the version
    this.catalog.invalidate();
    return this.settings();
  }

  sellerTax(s: BillingSettings): SellerTax {
    return { country: s.country, ossRegistered: s.ossRegistered, rateOverrides: s.vatOverrides };
  }

  /** GET /users/me/billing: the details the buyer gave last (the cart's prefill). */
  async mine(userId: string): Promise<MyBilling> {
    const profile = await this.repo.profile(userId);
    if (profile) return { name: profile.name, country: profile.country, taxId: profile.taxId };
    const contact = await this.users.contact(userId);
    return { name: contact?.name ?? '', country: null, taxId: null };
  }

  /**
   * The tax of lines of `lineCents` for this buyer. `given` are the details sent with the
   * payment; without them the buyer's last ones apply, else the seller's country. A VAT number of
   * a wrong format (or that VIES says is not registered) is a 400 `billing.invalid_vat_number`.
   * `included` forces the lines to be read as totals (a payment whose amount was fixed already).
   */
  async quote(
    userId: string,
    given: BillingDetails | undefined,
    lineCents: number[],
    included?: boolean,
  ): Promise<BillingQuote> {
    const settings = await this.settings();
    const who = await this.buyer(userId, given, settings);
    return { ...this.priced(who, settings, lineCents, included), given: !!given };
  }

  /**
   * `quote` for billing details kept earlier (a membership's, given when it started): checked
   * then, so neither VIES nor the buyer's prefill is touched now.
   */
  async quoteKept(kept: BillingDetails, lineCents: number[], included?: boolean) {
    const settings = await this.settings();
    const { name, country, taxId } = billingDetailsOf(kept);
    const who = { name, country, countrySource: 'billing' as const, taxIdVerified: null };
    const quote = this.priced({ ...who, taxId: taxId ?? null }, settings, lineCents, included);
    return { ...quote, given: false };
  }

  private priced(
    who: Pick<BillingQuote, 'name' | 'country' | 'countrySource' | 'taxId' | 'taxIdVerified'>,
    settings: BillingSettings,
    lineCents: number[],
    included?: boolean,
  ): Omit<BillingQuote, 'given'> {
    const decision = taxFor(this.sellerTax(settings), {
      country: who.country,
      vatId: who.taxId && isEuCountry(who.country) ? who.taxId : null,
    });
    const pricesIncludeTax = included ?? settings.pricesIncludeTax;
    const { lines, total } = splitLines(lineCents, decision.rateBp, pricesIncludeTax);
    return { ...who, decision, pricesIncludeTax, lines, total };
  }

  /** Keeps the quote with its payment (and, when the buyer gave details, as their prefill). */
  async record(
    paymentId: string,
    userId: string | null,
    q: BillingQuote,
  ): Promise<PaymentBillingRow> {
    const row: NewPaymentBillingRow = {
      paymentId,
      name: q.name,
      country: q.country,
      countrySource: q.countrySource,
      taxId: q.taxId,
      taxIdVerified: q.taxIdVerified,
      rateBp: q.decision.rateBp,
      scheme: q.decision.scheme,
      reverseCharge: q.decision.reverseCharge,
      pricesIncludeTax: q.pricesIncludeTax,
      netCents: q.total.netCents,
      taxCents: q.total.taxCents,
      taxCalculationId: q.taxCalculationId ?? null,
    };
    // the details given at checkout are the buyer's next ones, written in the same statement
    return this.repo.insertPaymentBilling(
      row,
      q.given && userId ? { userId, name: q.name, country: q.country, taxId: q.taxId } : undefined,
    );
  }

  /** Keeps the card's country with the payment's evidence (a two-letter code, else nothing). */
  async keepCardCountry(paymentId: string, country: string): Promise<void> {
    const code = cardCountryCode(country);
    if (code) await this.repo.setCardCountry(paymentId, code);
  }

  /** Keeps the tax transaction Stripe Tax recorded of the payment. */
  keepTaxTransaction(paymentId: string, transactionId: string): Promise<void> {
    return this.repo.setTaxTransaction(paymentId, transactionId);
  }

  paymentBilling(paymentId: string) {
    return this.repo.paymentBilling(paymentId);
  }

  private async buyer(
    userId: string,
    given: BillingDetails | undefined,
    settings: BillingSettings,
  ): Promise<Pick<BillingQuote, 'name' | 'country' | 'countrySource' | 'taxId' | 'taxIdVerified'>> {
    if (given) {
      const { name, country, taxId } = billingDetailsOf(given);
      if (!taxId || !isEuCountry(country)) {
        return {
          name,
          country,
          countrySource: 'billing',
          taxId: taxId ? taxId.slice(0, BILLING_LIMITS.taxId) : null,
          taxIdVerified: null,
        };
      }
      const verified = settings.viesCheck ? await viesValid(taxId) : null;
      if (verified === false) {
        throw badRequest(BILLING_ERRORS.invalidVatNumber, `${taxId} is not registered in VIES`);
      }
      return { name, country, countrySource: 'billing', taxId, taxIdVerified: verified };
    }
    const profile = userId ? await this.repo.profile(userId) : undefined;
    if (profile) {
      return {
        name: profile.name,
        country: profile.country,
        countrySource: 'profile',
        taxId: profile.taxId,
        taxIdVerified: null,
      };
    }
    const contact = userId ? await this.users.contact(userId) : undefined;
    return {
      name: contact?.name ?? '',
      country: settings.country,
      countrySource: 'seller',
      taxId: null,
      taxIdVerified: null,
    };
  }
}
