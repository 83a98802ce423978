import type { ComponentType } from 'react';
import type { PageOf } from '@circo/shared-contracts';
import { addTranslations } from '@circo/shared-web';
import es from '../locales/es.json';
import en from '../locales/en.json';
import fr from '../locales/fr.json';
import { RoutePage } from '../pages/RoutePage';

addTranslations('catalog', { es, en, fr });

type Page = PageOf<'mf_catalog'>;

const pages: Record<Page, ComponentType<{ page: Page }>> = {
  home: RoutePage,
  courses: RoutePage,
  courseDetail: RoutePage,
  formations: RoutePage,
  formationDetail: RoutePage,
  about: RoutePage,
  search: RoutePage,
};

/** The one root this remote exposes: renders the page the shell's route asks for. */
export default function App({ page }: { page: string }) {
  const Page = pages[page as Page];
  return (
    <div className="remote" data-remote="mf_catalog" data-page={page}>
      {Page ? <Page page={page as Page} /> : null}
    </div>
  );
}
