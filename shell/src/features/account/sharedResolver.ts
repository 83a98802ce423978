import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/**
 * Runs a shared-contracts validator (the same rule the API applies) as the form's resolver. Each
 * error's message is a message key, translated where it is shown.
 */
export function sharedResolver<T extends FieldValues>(
  validate: (values: T) => Partial<Record<string, string | undefined>>,
): Resolver<T> {
  return (values) => {
    const found = Object.entries(validate(values)).filter(([, key]) => key);
    if (found.length === 0) return { values, errors: {} };
    const errors = Object.fromEntries(
      found.map(([field, key]) => [field, { type: 'validate', message: key }]),
    ) as FieldErrors<T>;
    return { values: {}, errors };
  };
}
