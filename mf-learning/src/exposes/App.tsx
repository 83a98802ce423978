import type { ComponentType } from 'react';
import type { PageOf } from '@circo/shared-contracts';
import { addTranslations } from '@circo/shared-web';
import es from '../locales/es.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { ExpiredItemPage } from '../pages/ExpiredItemPage';
import { MyCoursesPage } from '../pages/MyCoursesPage';
import { MyItemPage } from '../pages/MyItemPage';
import '../learning.css';

addTranslations('learning', { es, en, fr });

type Page = PageOf<'mf_learning'>;

const pages: Record<Page, ComponentType> = {
  myCourses: MyCoursesPage,
  myFormation: () => <MyItemPage kind="formation" />,
  myCourse: () => <MyItemPage kind="course" />,
  expiredFormation: () => <ExpiredItemPage kind="formation" />,
  expiredCourse: () => <ExpiredItemPage kind="course" />,
};

/** The one root this remote exposes: renders the page the shell's route asks for. */
export default function App({ page }: { page: string }) {
  const Page = pages[page as Page];
  return (
    <div className="remote" data-remote="mf_learning" data-page={page}>
      {Page ? <Page /> : null}
    </div>
  );
}
