import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validateModule, type AdminModule, type Lang } from '@circo/shared-contracts';
import { adminPaths, useAdminWrite } from '@circo/shared-web';
import { emptyText, useDraft, type Errors } from '../common/draft';
import { AdminForm, LangPanel } from './AdminForm';
import { Field } from './Field';
import { useSubmit } from './useSubmit';

/** A module of a formation: title and description per language (Spanish required). */
export function ModuleForm({
  formationId,
  module,
  onDone,
  onCancel,
}: {
  formationId: string;
  module?: AdminModule;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const [lang, setLang] = useState<Lang>('es');
  const { draft, set, errors, setErrors } = useDraft({
    title: { ...emptyText(), ...module?.title },
    description: { ...emptyText(), ...module?.description },
  });
  const write = useAdminWrite();
  const idPrefix = `module-${module?._id ?? 'new'}`;
  const { formRef, busy, failure, submit } = useSubmit({
    validate: (): Errors => validateModule(draft),
    setErrors,
    setLang,
    send: async () => {
      await write.mutateAsync(
        module
          ? { method: 'PUT', path: adminPaths.module(module._id), body: draft }
          : { method: 'POST', path: adminPaths.modules, body: { ...draft, formationId } },
      );
      onDone();
    },
  });
  const common = { idPrefix, draft, errors, set };
  return (
    <AdminForm
      formRef={formRef}
      submit={submit}
      busy={busy}
      editing={Boolean(module)}
      onCancel={onCancel}
      failure={failure}
    >
      <LangPanel
        lang={lang}
        setLang={setLang}
        idPrefix={idPrefix}
        marks={{ es: Boolean(errors['title.es'] || errors['description.es']) }}
      >
        <Field
          {...common}
          path={`title.${lang}`}
          label={t('fields.title')}
          required={lang === 'es'}
        />
        <Field
          {...common}
          path={`description.${lang}`}
          label={t('fields.description')}
          multiline
          required={lang === 'es'}
        />
      </LangPanel>
    </AdminForm>
  );
}
