import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { ItemType, Lang } from '@circo/shared-contracts';
import { useLanguageStore } from '@circo/shared-web';

const LIST_PATH: Record<ItemType, string> = { course: '/cursos', formation: '/formaciones' };

/**
 * The item is hidden in the chosen language: says so, naming the language, and offers the
 * languages in which it can be seen (switching reloads the page's content in that language), as
 * links that work before the page's code is there too.
 */
export function UnavailablePanel({
  kind,
  lang,
  availableLanguages,
}: {
  kind: ItemType;
  lang: Lang;
  availableLanguages: Lang[];
}) {
  const { t } = useTranslation('catalog');
  const setLang = useLanguageStore((s) => s.setLang);
  const { pathname } = useLocation();
  const others = availableLanguages.filter((l) => l !== lang);
  return (
    <section className="panel panel--unavailable cat-state" data-testid="unavailable">
      <h1>{t(`detail.${kind}.unavailable.title`)}</h1>
      <p>{t(`detail.${kind}.unavailable.text`, { lang: t(`languageNames.${lang}`) })}</p>
      {others.length > 0 && (
        <div className="cat-state__langs">
          <p>{t('detail.unavailable.switchTo')}</p>
          <ul className="cat-state__actions">
            {others.map((l) => (
              <li key={l}>
                {/* a link: before the page's code runs it loads this page in that language
                    (the shell reads ?lang=); once live, the language changes in place */}
                <a
                  href={`${pathname}?lang=${l}`}
                  hrefLang={l}
                  className="btn btn--primary"
                  lang={l}
                  data-testid={`switch-lang-${l}`}
                  onClick={(e) => {
                    e.preventDefault();
                    setLang(l);
                  }}
                >
                  {t(`switchLanguage.${l}`)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Link to={LIST_PATH[kind]} className="btn btn--ghost">
        {t(`detail.${kind}.backToList`)}
      </Link>
    </section>
  );
}
