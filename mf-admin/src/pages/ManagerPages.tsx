import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { CoursesManager } from '../features/courses/components/CoursesManager';
import { FormationsManager } from '../features/formations/components/FormationsManager';
import { PlansManager } from '../features/plans/components/PlansManager';
import { SubscribersTable } from '../features/plans/components/SubscribersTable';
import { PresentialManager } from '../features/presential/components/PresentialManager';
import { VouchersManager } from '../features/vouchers/components/VouchersManager';
import { AdminPage } from './AdminPage';

type ManagerPageKey =
  'adminCourses' | 'adminFormations' | 'adminPresential' | 'adminVouchers' | 'adminPlans';

/** A manager's page: its title over the manager. */
function managerPage(page: ManagerPageKey, Manager: ComponentType) {
  return function ManagerPage() {
    const { t } = useTranslation('admin');
    return (
      <AdminPage title={t(`pages.${page}.title`)}>
        <Manager />
      </AdminPage>
    );
  };
}

export const CoursesPage = managerPage('adminCourses', CoursesManager);
export const FormationsPage = managerPage('adminFormations', FormationsManager);
export const PresentialPage = managerPage('adminPresential', PresentialManager);
export const VouchersPage = managerPage('adminVouchers', VouchersManager);
/** /admin/planes: the plans, then their subscribers. */
function PlansAndSubscribers() {
  return (
    <>
      <PlansManager />
      <SubscribersTable />
    </>
  );
}
export const PlansPage = managerPage('adminPlans', PlansAndSubscribers);
