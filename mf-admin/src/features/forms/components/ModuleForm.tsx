import { validateModule, type AdminModule } from '@circo/shared-contracts';
import { adminPaths } from '@circo/shared-web';
import { emptyText } from '../../common/draft';
import { LocalizedForm, TitleAndDescription } from './LocalizedForm';
import { useLocalizedForm } from '../hooks/useLocalizedForm';

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
  const form = useLocalizedForm({
    idPrefix: `module-${module?._id ?? 'new'}`,
    initial: {
      title: { ...emptyText(), ...module?.title },
      description: { ...emptyText(), ...module?.description },
    },
    validate: validateModule,
    request: (draft) =>
      module
        ? { method: 'PUT', path: adminPaths.module(module._id), body: draft }
        : { method: 'POST', path: adminPaths.modules, body: { ...draft, formationId } },
    onSaved: onDone,
  });
  return (
    <LocalizedForm
      form={form}
      editing={Boolean(module)}
      onCancel={onCancel}
      localized={<TitleAndDescription form={form} required="es" />}
    />
  );
}
