import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@circo/shared-contracts';
import { Alert, SubmitButton } from '@circo/shared-web';
import { LangTabs } from '../common/LangTabs';

/**
 * The frame every admin form shares: the form (validated by our rules, not the browser's), the
 * failure alert (the server's text, else `failureFallback`), the fields, and Save/Create + Cancel.
 */
export function AdminForm({
  formRef,
  submit,
  busy,
  editing,
  onCancel,
  failure,
  failureFallback,
  children,
}: {
  formRef: RefObject<HTMLFormElement | null>;
  submit: () => Promise<void>;
  busy: boolean;
  /** Editing a record (Save) rather than creating one (Create). */
  editing: boolean;
  onCancel: () => void;
  /** From useSubmit: null, no failure; '', failed without a server text. */
  failure: string | null;
  /** What a failure without a server text says (default "Error inesperado."). */
  failureFallback?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('admin');
  return (
    <form
      ref={formRef}
      className="form adm-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {failure !== null && (
        <Alert tone="error">{failure || failureFallback || t('errors.unexpected')}</Alert>
      )}
      {children}
      <div className="adm-actions">
        <SubmitButton busy={busy} busyLabel={t('actions.saving')}>
          {editing ? t('actions.save') : t('actions.create')}
        </SubmitButton>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The language tabs of a form and the panel of the open language (its per-language fields). */
export function LangPanel({
  lang,
  setLang,
  idPrefix,
  marks,
  children,
}: {
  lang: Lang;
  setLang: (lang: Lang) => void;
  idPrefix: string;
  /** Languages whose tab shows an error mark. */
  marks?: Partial<Record<Lang, boolean>>;
  children: ReactNode;
}) {
  return (
    <>
      <LangTabs lang={lang} onChange={setLang} marks={marks} idPrefix={idPrefix} />
      <div role="tabpanel" aria-labelledby={`${idPrefix}-tab-${lang}`} key={lang}>
        {children}
      </div>
    </>
  );
}
