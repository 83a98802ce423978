import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { excerpt, type ItemType } from '@circo/shared-contracts';
import { Spinner } from '@circo/shared-web';
import { LoadError } from '../../catalog/components/LoadError';
import { useCatalogMeta } from '../../catalog/hooks/useCatalogMeta';
import { useLang } from '../../catalog/hooks/useLang';
import { inLang } from '../../catalog/localized';
import { useCanonicalSlug } from '../hooks/useCanonicalSlug';
import { useCatalogItem } from '../hooks/useCatalogItem';
import { ItemDetailView } from './ItemDetailView';
import { NotFoundPanel } from './NotFoundPanel';
import { UnavailablePanel } from './UnavailablePanel';

/**
 * /courses/{id}/{slug} and /formaciones/{id}/{slug}: loading, not found, unavailable in this
 * language, failed, or the item itself (spec section 4).
 */
export function CatalogDetail({ kind }: { kind: ItemType }) {
  const { t } = useTranslation('catalog');
  const { id } = useParams();
  const lang = useLang();
  const state = useCatalogItem(kind, id, lang);
  const item = state.status === 'ready' ? state.item : null;
  const title = item ? inLang(item.title, lang) : null;

  useCanonicalSlug(kind, title);
  useCatalogMeta(
    item
      ? (title ?? '')
      : state.status === 'notFound'
        ? t(`detail.${kind}.notFound.title`)
        : state.status === 'unavailable'
          ? t(`detail.${kind}.unavailable.title`)
          : undefined,
    item ? excerpt(inLang(item.description, lang)) : undefined,
  );

  switch (state.status) {
    case 'loading':
      return <Spinner />;
    case 'notFound':
      return <NotFoundPanel kind={kind} />;
    case 'unavailable':
      return (
        <UnavailablePanel kind={kind} lang={lang} availableLanguages={state.availableLanguages} />
      );
    case 'error':
      return <LoadError onRetry={state.reload} />;
    case 'ready':
      return <ItemDetailView kind={kind} item={state.item} lang={lang} />;
  }
}
