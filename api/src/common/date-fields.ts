import { ValidateBy, type ValidationOptions } from 'class-validator';
import { DATE_RANGE_TEXT, isCalendarDay, isDayOrInstant, isInstant } from '@circo/shared-contracts';

// The one way a date enters the API (shared-contracts/domain/edge-dates): every DTO that takes a
// day or an instant uses one of these, so a week date, an expanded year or a year past 9998 is a
// 400 here and never an invalid Date further in.

/** Nothing sent: a field that takes it lets the shared rule say the date is required. */
const blank = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * A calendar day YYYY-MM-DD within 1970-01-01 to 9998-12-31. `blankOk`: undefined, null and blank
 * text pass (the shared form rule answers "required" for them).
 */
export const IsCalendarDay = (opts: { blankOk?: boolean } = {}, options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isCalendarDay',
      validator: {
        validate: (v) => (opts.blankOk === true && blank(v)) || isCalendarDay(v),
        defaultMessage: (args) =>
          `${args?.property ?? 'date'} must be a day written YYYY-MM-DD, from ${DATE_RANGE_TEXT}`,
      },
    },
    options,
  );

/** An instant such as 2026-12-31T23:59:59.999Z (RFC 3339, with Z or an offset), in range. */
export const IsInstant = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isInstant',
      validator: {
        validate: (v) => isInstant(v),
        defaultMessage: (args) =>
          `${args?.property ?? 'date'} must be a date and time such as 2026-12-31T23:59:59Z, from ${DATE_RANGE_TEXT}`,
      },
    },
    options,
  );

/** A calendar day (its start, UTC) or an instant, as above; `blankOk` as for IsCalendarDay. */
export const IsDayOrInstant = (opts: { blankOk?: boolean } = {}, options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isDayOrInstant',
      validator: {
        validate: (v) => (opts.blankOk === true && blank(v)) || isDayOrInstant(v),
        defaultMessage: (args) =>
          `${args?.property ?? 'date'} must be a day (YYYY-MM-DD) or a date and time such as 2026-12-31T23:59:59Z, from ${DATE_RANGE_TEXT}`,
      },
    },
    options,
  );
