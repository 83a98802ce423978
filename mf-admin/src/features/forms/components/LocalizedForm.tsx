import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Lang } from '@circo/shared-contracts';
import { Alert, SubmitButton } from '@circo/shared-web';
import type { Errors } from '../../common/draft';
import { LangTabs } from '../../common/components/LangTabs';
import { Field } from './Field';
import type { LocalizedFormState } from '../hooks/useLocalizedForm';

/** The languages with a field in error (`title.en`), whose tab shows a mark. */
const langsInError = (errors: Errors) =>
  Object.fromEntries(
    LANGUAGES.map((l) => [l, Object.keys(errors).some((k) => errors[k] && k.endsWith(`.${l}`))]),
  );

/**
 * The scaffold every admin form is written with: the form (validated by our rules, not the
 * browser's), the failure alert (the server's text, else `failureFallback`, else "Error
 * inesperado."), a form-wide notice, the es/en/fr tabs with the open language's fields, the fields
 * shared by every language, and Save/Create + Cancel (which deletes what the form uploaded).
 */
export function LocalizedForm<T extends object>({
  form,
  editing,
  onCancel,
  failureFallback,
  notice,
  marks,
  localized,
  children,
}: {
  form: LocalizedFormState<T>;
  /** Editing a record (Save) rather than creating one (Create). */
  editing: boolean;
  onCancel: () => void;
  failureFallback?: string;
  /** A message about the whole form, above the tabs (the languages still missing). */
  notice?: string | null;
  /** Languages whose tab shows an error mark; by default those with a field in error. */
  marks?: Partial<Record<Lang, boolean>>;
  /** The fields of the open language's tab. */
  localized: ReactNode;
  /** The fields below the tabs, the same in every language. */
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const { idPrefix, lang } = form;
  return (
    <form
      ref={form.formRef}
      className="form adm-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.submit();
      }}
    >
      {form.failure !== null && (
        <Alert tone="error">{form.failure || failureFallback || t('errors.unexpected')}</Alert>
      )}
      {notice ? <Alert tone="error">{notice}</Alert> : null}
      <LangTabs
        lang={lang}
        onChange={form.setLang}
        marks={marks ?? langsInError(form.errors)}
        idPrefix={idPrefix}
      />
      <div role="tabpanel" aria-labelledby={`${idPrefix}-tab-${lang}`} key={lang}>
        {localized}
      </div>
      {children}
      <FormActions
        busy={form.busy}
        editing={editing}
        onCancel={() => void form.uploads.discardAll().then(onCancel)}
      />
    </form>
  );
}

/** Save (editing) or Create, and Cancel: the foot of every admin form. */
export function FormActions({
  busy,
  editing,
  onCancel,
}: {
  busy: boolean;
  editing: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <div className="adm-actions">
      <SubmitButton busy={busy} busyLabel={t('actions.saving')}>
        {editing ? t('actions.save') : t('actions.create')}
      </SubmitButton>
      <button type="button" className="btn btn--ghost" onClick={onCancel}>
        {t('actions.cancel')}
      </button>
    </div>
  );
}

/**
 * The title and the description (long text) of the open language's tab, the first fields of
 * most forms; `required` as for `LangField`.
 */
export function TitleAndDescription<T extends object>({
  form,
  required,
}: {
  form: LocalizedFormState<T>;
  required: boolean | 'es';
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <LangField form={form} name="title" label={t('fields.title')} required={required} />
      <LangField
        form={form}
        name="description"
        label={t('fields.description')}
        multiline
        required={required}
      />
    </>
  );
}

/**
 * The name (required in Spanish, the others falling back to it) and an optional description of
 * the open language's tab: the first fields of a voucher and of a plan.
 */
export function NameAndDescription<T extends object>({ form }: { form: LocalizedFormState<T> }) {
  const { t } = useTranslation('admin');
  return (
    <>
      <LangField
        form={form}
        name="name"
        label={t('fields.name')}
        required="es"
        hint={form.lang === 'es' ? undefined : t('hints.fallsBackToSpanish')}
      />
      <LangField form={form} name="description" label={t('fields.descriptionOptional')} multiline />
    </>
  );
}

/**
 * A text field of the open language's tab, bound to `<name>.<lang>`. `required="es"`: required in
 * Spanish only (the other languages may be filled in later).
 */
export function LangField<T extends object>({
  form,
  name,
  required,
  ...rest
}: {
  form: LocalizedFormState<T>;
  name: string;
  label: ReactNode;
  required?: boolean | 'es';
  multiline?: boolean;
  hint?: ReactNode;
}) {
  return (
    <Field
      {...form.field}
      {...rest}
      path={`${name}.${form.lang}`}
      required={required === 'es' ? form.lang === 'es' : required}
    />
  );
}
