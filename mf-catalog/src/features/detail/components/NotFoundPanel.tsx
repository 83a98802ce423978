import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ItemType } from '@circo/shared-contracts';

const LIST_PATH: Record<ItemType, string> = { course: '/cursos', formation: '/formaciones' };

/** An unknown course or formation. */
export function NotFoundPanel({ kind }: { kind: ItemType }) {
  const { t } = useTranslation('catalog');
  return (
    <section className="panel panel--center cat-state" data-testid="not-found">
      <h1>{t(`detail.${kind}.notFound.title`)}</h1>
      <p>{t(`detail.${kind}.notFound.text`)}</p>
      <Link to={LIST_PATH[kind]} className="btn btn--primary">
        {t(`detail.${kind}.backToList`)}
      </Link>
    </section>
  );
}
