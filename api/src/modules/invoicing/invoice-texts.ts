import type { CountrySource, Lang, Localized, TaxScheme } from '@circo/shared-contracts';
import { intlFormatter } from '../../common/intl.js';

export interface InvoiceText {
  /** Between a label and its value: French sets a space before the colon. */
  colon: string;
  invoice: string;
  creditNote: string;
  number: string;
  date: string;
  seller: string;
  buyer: string;
  taxId: string;
  description: string;
  net: string;
  rate: string;
  tax: string;
  total: string;
  currency: string;
  taxInEur: (rate: string, month: string) => string;
  noEurRate: string;
  corrects: (number: string, date: string) => string;
  scheme: Record<TaxScheme, string>;
  countryFrom: Record<CountrySource, (country: string) => string>;
  pricesIncludeTax: string;
  remaining: string;
  partialRefund: string;
}

/** The texts of an invoice or credit note PDF, in the buyer's language. */
export const INVOICE_TEXT: Record<Lang, InvoiceText> = {
  es: {
    colon: ': ',
    invoice: 'Factura',
    creditNote: 'Factura rectificativa',
    number: 'Número',
    date: 'Fecha',
    seller: 'Emisor',
    buyer: 'Cliente',
    taxId: 'NIF/IVA',
    description: 'Concepto',
    net: 'Base imponible',
    rate: 'Tipo',
    tax: 'IVA',
    total: 'Total',
    currency: 'Moneda',
    taxInEur: (rate, month) => `IVA en EUR (1 USD = ${rate} EUR, tipo de cambio de ${month})`,
    noEurRate: 'IVA en EUR: tipo de cambio del mes no indicado',
    corrects: (number, date) => `Rectifica la factura ${number} del ${date}.`,
    scheme: {
      domestic: 'IVA del país del emisor.',
      oss: 'IVA del país del cliente (régimen de ventanilla única de la Unión, OSS).',
      seller_rate: 'IVA del país del emisor (venta a distancia bajo el umbral de la Unión).',
      reverse_charge:
        'Inversión del sujeto pasivo: el IVA lo declara el cliente (art. 196 de la Directiva 2006/112/CE).',
      outside_eu: 'Operación no sujeta al IVA de la Unión Europea (cliente fuera de la UE).',
    },
    countryFrom: {
      billing: (c) => `País del cliente: ${c}, según sus datos de facturación.`,
      profile: (c) => `País del cliente: ${c}, según sus últimos datos de facturación.`,
      seller: (c) => `País del cliente: no indicado; se aplica el país del emisor (${c}).`,
    },
    pricesIncludeTax: 'Los precios incluyen el IVA.',
    remaining: 'Reembolso del importe pendiente',
    partialRefund: 'Reembolso parcial',
  },
  en: {
    colon: ': ',
    invoice: 'Invoice',
    creditNote: 'Credit note',
    number: 'Number',
    date: 'Date',
    seller: 'Seller',
    buyer: 'Customer',
    taxId: 'Tax ID / VAT',
    description: 'Description',
    net: 'Net',
    rate: 'Rate',
    tax: 'VAT',
    total: 'Total',
    currency: 'Currency',
    taxInEur: (rate, month) => `VAT in EUR (1 USD = ${rate} EUR, exchange rate of ${month})`,
    noEurRate: 'VAT in EUR: no exchange rate entered for the month',
    corrects: (number, date) => `Corrects invoice ${number} of ${date}.`,
    scheme: {
      domestic: "VAT of the seller's country.",
      oss: "VAT of the customer's country (EU One-Stop Shop, Union scheme).",
      seller_rate: "VAT of the seller's country (distance sales under the EU threshold).",
      reverse_charge:
        'Reverse charge: VAT to be accounted for by the customer (Article 196, Directive 2006/112/EC).',
      outside_eu: 'Not subject to EU VAT (customer outside the EU).',
    },
    countryFrom: {
      billing: (c) => `Customer's country: ${c}, from their billing details.`,
      profile: (c) => `Customer's country: ${c}, from their last billing details.`,
      seller: (c) => `Customer's country: not given; the seller's country (${c}) applies.`,
    },
    pricesIncludeTax: 'Prices include VAT.',
    remaining: 'Refund of the amount outstanding',
    partialRefund: 'Partial refund',
  },
  fr: {
    colon: '\u00a0: ',
    invoice: 'Facture',
    creditNote: 'Avoir',
    number: 'Numéro',
    date: 'Date',
    seller: 'Vendeur',
    buyer: 'Client',
    taxId: 'N° TVA',
    description: 'Désignation',
    net: 'Montant HT',
    rate: 'Taux',
    tax: 'TVA',
    total: 'Total TTC',
    currency: 'Devise',
    taxInEur: (rate, month) => `TVA en EUR (1 USD = ${rate} EUR, taux de change de ${month})`,
    noEurRate: 'TVA en EUR : taux de change du mois non saisi',
    corrects: (number, date) => `Rectifie la facture ${number} du ${date}.`,
    scheme: {
      domestic: 'TVA du pays du vendeur.',
      oss: "TVA du pays du client (guichet unique de l'Union, OSS).",
      seller_rate: 'TVA du pays du vendeur (ventes à distance sous le seuil de l’Union).',
      reverse_charge:
        'Autoliquidation : TVA due par le preneur (article 196 de la directive 2006/112/CE).',
      outside_eu: 'Opération non soumise à la TVA de l’Union européenne (client hors UE).',
    },
    countryFrom: {
      billing: (c) => `Pays du client : ${c}, selon ses coordonnées de facturation.`,
      profile: (c) => `Pays du client : ${c}, selon ses dernières coordonnées de facturation.`,
      seller: (c) => `Pays du client : non indiqué ; le pays du vendeur (${c}) s’applique.`,
    },
    pricesIncludeTax: 'Les prix s’entendent TVA comprise.',
    remaining: 'Remboursement du montant restant',
    partialRefund: 'Remboursement partiel',
  },
};

/** What a membership period's line says. */
export const MEMBERSHIP_LINE: Localized = {
  es: 'Membresía: periodo pagado',
  en: 'Membership: paid period',
  fr: 'Abonnement : période payée',
};

/** A country's name in the language (Intl), with its code: "Germany (DE)". */
export function countryName(code: string, lang: Lang): string {
  try {
    const names = intlFormatter(
      `region:${lang}`,
      () => new Intl.DisplayNames([lang], { type: 'region' }),
    );
    const name = names.of(code);
    return name && name !== code ? `${name} (${code})` : code;
  } catch {
    return code;
  }
}

/** The month of a date in the language: "noviembre de 2026", "November 2026". */
export function monthName(d: Date, lang: Lang): string {
  return intlFormatter(
    `month:${lang}`,
    () => new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }),
  ).format(d);
}

/** Cents as a decimal amount with the language's separators, e.g. 1.234,56 or 1,234.56. */
export function money(cents: number, lang: Lang, currency: string): string {
  const code = currency.toUpperCase();
  return intlFormatter(
    `money:${lang}:${code}`,
    () => new Intl.NumberFormat(lang, { style: 'currency', currency: code }),
  ).format(cents / 100);
}

/** A rate in basis points as the language writes a percentage: "21 %", "21%". */
export function percent(rateBp: number, lang: Lang): string {
  return intlFormatter(
    `percent:${lang}`,
    () => new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 2 }),
  ).format(rateBp / 10_000);
}
