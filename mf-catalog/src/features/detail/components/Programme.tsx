import { useTranslation } from 'react-i18next';
import {
  isVisibleIn,
  type ClassSummary,
  type Lang,
  type ModuleSummary,
} from '@circo/shared-contracts';
import { inLang } from '../../catalog/localized';

function titlesOf(classes: ClassSummary[] | undefined, lang: Lang): ClassSummary[] {
  return (classes ?? []).filter((c) => isVisibleIn(c.visible, lang) && inLang(c.title, lang));
}

function ClassList({ classes, lang }: { classes: ClassSummary[]; lang: Lang }) {
  return (
    <ol className="cat-classes">
      {classes.map((c) => (
        <li key={c._id}>{inLang(c.title, lang)}</li>
      ))}
    </ol>
  );
}

/** The public outline: a course's class titles, or a formation's modules and their classes. */
export function Programme({
  lang,
  classes,
  modules,
}: {
  lang: Lang;
  classes?: ClassSummary[];
  modules?: ModuleSummary[];
}) {
  const { t } = useTranslation('catalog');
  if (modules) {
    const shown = modules.filter((m) => isVisibleIn(m.visible, lang) && inLang(m.title, lang));
    if (shown.length === 0) return null;
    return (
      <section className="cat-programme" aria-labelledby="programme-title">
        <h2 id="programme-title">{t('detail.programme.formation')}</h2>
        <ol className="cat-modules" data-testid="modules">
          {shown.map((m, i) => {
            const cls = titlesOf(m.classes, lang);
            return (
              <li key={m._id} className="cat-module">
                <h3 className="cat-module__title">
                  <span className="cat-module__tag">M{i + 1}</span> {inLang(m.title, lang)}
                </h3>
                {cls.length > 0 && <ClassList classes={cls} lang={lang} />}
              </li>
            );
          })}
        </ol>
      </section>
    );
  }
  const cls = titlesOf(classes, lang);
  if (cls.length === 0) return null;
  return (
    <section className="cat-programme" aria-labelledby="programme-title">
      <h2 id="programme-title">{t('detail.programme.course', { count: cls.length })}</h2>
      <ClassList classes={cls} lang={lang} />
    </section>
  );
}
