import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { TextField } from '@circo/shared-web';
import { useValidationText } from './useValidationText';

/** What a field holds, which decides its input type and what the browser may fill in. */
export type AccountFieldKind =
  'email' | 'current-password' | 'new-password' | 'given-name' | 'family-name';

const INPUT_TYPE: Record<AccountFieldKind, string | undefined> = {
  email: 'email',
  'current-password': 'password',
  'new-password': 'password',
  'given-name': undefined,
  'family-name': undefined,
};

/**
 * One field of an account form (sign in, register, forgotten and new password): the label, the
 * input registered with the page's form, and the shared validator's message under it.
 */
export function AccountField<F extends FieldValues>({
  form,
  name,
  label,
  kind,
}: {
  form: UseFormReturn<F>;
  name: Path<F>;
  label: string;
  kind: AccountFieldKind;
}) {
  const errorText = useValidationText();
  const message = form.formState.errors[name]?.message;
  return (
    <TextField
      label={label}
      type={INPUT_TYPE[kind]}
      autoComplete={kind}
      error={errorText(typeof message === 'string' ? message : undefined)}
      {...form.register(name)}
    />
  );
}
