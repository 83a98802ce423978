import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  Alert,
  Spinner,
  adminPaths,
  adminQueries,
  toResource,
  useAdminWrite,
} from '@circo/shared-web';
import { Dialog } from '../../common/components/Dialog';
import { ManagerFrame } from '../../common/components/ManagerFrame';
import { ClassForm } from '../../forms/components/ClassForm';
import { ItemForm } from '../../forms/components/ItemForm';
import { ModuleForm } from '../../forms/components/ModuleForm';
import { FormationDetail } from './FormationDetail';
import { FormationTree } from './FormationTree';
import type { FAdding, FConfirming, FSelection } from '../selection';

const DELETE_PATH = {
  formation: adminPaths.formation,
  module: adminPaths.module,
  class: adminPaths.formationClass,
};

/** /admin/formaciones-online: formations -> modules -> classes, detail panel, add and delete. */
export function FormationsManager() {
  const { t } = useTranslation('admin');
  const res = toResource(useQuery(adminQueries.formations()));
  const [selected, setSelected] = useState<FSelection | null>(null);
  const [adding, setAdding] = useState<FAdding | null>(null);
  const [confirming, setConfirming] = useState<FConfirming | null>(null);
  const write = useAdminWrite();
  if (res.status === 'loading') return <Spinner />;
  if (res.status === 'error') return <Alert tone="error">{t('errors.loadFailed')}</Alert>;
  const formations = res.data;
  const close = () => setAdding(null);
  return (
    <ManagerFrame
      headingId="formations-heading"
      texts={{
        list: t('formations.list'),
        add: t('formations.add'),
        empty: t('formations.empty'),
      }}
      isEmpty={formations.length === 0}
      onAdd={() => setAdding({ kind: 'formation' })}
      detail={
        selected && (
          <FormationDetail
            key={`${selected.kind}-${selected.id}-${selected.edit ?? 'view'}`}
            selection={selected}
            formation={formations.find(
              (f) => f._id === (selected.kind === 'formation' ? selected.id : selected.formationId),
            )}
          />
        )
      }
      dialogs={
        <>
          {adding?.kind === 'formation' && (
            <Dialog title={t('formations.add')} onClose={close} wide>
              <ItemForm
                kind="formation"
                onDone={(saved) => {
                  close();
                  setSelected({ kind: 'formation', id: saved._id });
                }}
                onCancel={close}
              />
            </Dialog>
          )}
          {adding?.kind === 'module' && (
            <Dialog title={t('formations.addModule')} onClose={close} wide>
              <ModuleForm formationId={adding.formationId} onDone={close} onCancel={close} />
            </Dialog>
          )}
          {adding?.kind === 'class' && (
            <Dialog title={t('formations.addClass')} onClose={close} wide>
              <ClassForm
                request={(body) => ({
                  method: 'POST',
                  path: adminPaths.classes,
                  body: { ...body, moduleId: adding.moduleId },
                })}
                onDone={(saved) => {
                  setSelected({
                    kind: 'class',
                    id: saved._id,
                    moduleId: adding.moduleId,
                    formationId: adding.formationId,
                  });
                  close();
                }}
                onCancel={close}
              />
            </Dialog>
          )}
        </>
      }
      pendingDelete={
        confirming && {
          title: t(`confirm.delete_${confirming.kind}`),
          name: confirming.name,
          onConfirm: async () => {
            await write.mutateAsync({
              method: 'DELETE',
              path: DELETE_PATH[confirming.kind](confirming.id),
            });
            if (selected?.id === confirming.id) setSelected(null);
          },
        }
      }
      onCloseDelete={() => setConfirming(null)}
    >
      {formations.map((f) => (
        <FormationTree
          key={f._id}
          formation={f}
          selected={selected}
          onSelect={setSelected}
          onAdd={setAdding}
          onDelete={setConfirming}
        />
      ))}
    </ManagerFrame>
  );
}
