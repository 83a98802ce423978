import type { ComponentType } from 'react';
import type { PageOf } from '@circo/shared-contracts';
import { addTranslations } from '@circo/shared-web';
import es from '../locales/es.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { BillingPage } from '../pages/BillingPage';
import { CertificatesPage } from '../pages/CertificatesPage';
import { DashboardPage } from '../pages/DashboardPage';
import { DiagnosticsPage } from '../pages/DiagnosticsPage';
import {
  CoursesPage,
  FormationsPage,
  PlansPage,
  PresentialPage,
  VouchersPage,
} from '../pages/ManagerPages';
import { SimpleCoursePage } from '../pages/SimpleCoursePage';
import { StudentPage, StudentsPage } from '../pages/StudentsPages';
import { PracticeClipPage, PracticePage } from '../pages/PracticePages';
import '../admin.css';

addTranslations('admin', { es, en, fr });

type Page = PageOf<'mf_admin'>;

const pages: Record<Page, ComponentType> = {
  admin: DashboardPage,
  adminCreateCourse: () => <SimpleCoursePage mode="create" />,
  adminEditCourse: () => <SimpleCoursePage mode="edit" />,
  adminFormations: FormationsPage,
  adminCourses: CoursesPage,
  adminVouchers: VouchersPage,
  adminPlans: PlansPage,
  adminPresential: PresentialPage,
  adminStudents: StudentsPage,
  adminStudent: StudentPage,
  adminPractice: PracticePage,
  adminPracticeClip: PracticeClipPage,
  adminDiagnostics: DiagnosticsPage,
  adminCertificates: CertificatesPage,
  adminBilling: BillingPage,
};

/** The one root this remote exposes: renders the page the shell's route asks for. */
export default function App({ page }: { page: string }) {
  const Page = pages[page as Page];
  return (
    <div className="remote" data-remote="mf_admin" data-page={page}>
      {Page ? <Page /> : null}
    </div>
  );
}
