import type { ComponentType } from 'react';
import type { PageOf } from '@circo/shared-contracts';
import { addTranslations } from '@circo/shared-web';
import es from '../locales/es.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { AboutPage } from '../pages/AboutPage';
import { CertificatePage } from '../pages/CertificatePage';
import { CourseDetailPage } from '../pages/CourseDetailPage';
import { CoursesPage } from '../pages/CoursesPage';
import { FormationDetailPage } from '../pages/FormationDetailPage';
import { FormationsPage } from '../pages/FormationsPage';
import { HomePage } from '../pages/HomePage';
import { MembershipPage } from '../pages/MembershipPage';
import { SearchPage } from '../pages/SearchPage';
import '../catalog.css';

addTranslations('catalog', { es, en, fr });

type Page = PageOf<'mf_catalog'>;

const pages: Record<Page, ComponentType> = {
  home: HomePage,
  courses: CoursesPage,
  courseDetail: CourseDetailPage,
  formations: FormationsPage,
  formationDetail: FormationDetailPage,
  about: AboutPage,
  search: SearchPage,
  certificate: CertificatePage,
  membership: MembershipPage,
};

/** The one root this remote exposes: renders the page the shell's route asks for. */
export default function App({ page }: { page: string }) {
  const Page = pages[page as Page];
  return (
    <div className="remote" data-remote="mf_catalog" data-page={page}>
      {Page ? <Page /> : null}
    </div>
  );
}
