import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toEmbedUrl, type AdminClass, type Lang } from '@circo/shared-contracts';
import { Alert, Spinner, adminQueries, toResource } from '@circo/shared-web';
import { stripTags } from './ItemView';

/** A class in one language: texts, PDFs and videos. */
export function ClassView({ cls, lang }: { cls: AdminClass; lang: Lang }) {
  const { t } = useTranslation('admin');
  const empty = <span className="adm-muted">{t('common.empty')}</span>;
  const pdfs = cls.pdfs.filter((p) => p.url[lang]);
  const videos = cls.videos.filter((v) => v.url[lang]);
  return (
    <dl className="adm-view">
      <dt>{t('fields.title')}</dt>
      <dd>{cls.title[lang] || empty}</dd>
      <dt>{t('fields.subtitle')}</dt>
      <dd>{cls.subtitle[lang] || empty}</dd>
      <dt>{t('fields.content')}</dt>
      <dd className="adm-view__long">{cls.content[lang] ? stripTags(cls.content[lang]) : empty}</dd>
      <dt>{t('media.pdfs')}</dt>
      <dd>
        {pdfs.length === 0
          ? empty
          : pdfs.map((p) => (
              <a
                key={p._id}
                className="adm-chip"
                href={p.url[lang]!}
                target="_blank"
                rel="noreferrer"
              >
                {p.title[lang] || t('common.openPdf')}
              </a>
            ))}
      </dd>
      <dt>{t('media.videos')}</dt>
      <dd>
        {videos.length === 0
          ? empty
          : videos.map((v) => {
              const embed = toEmbedUrl(v.url[lang]);
              return embed ? (
                <iframe
                  key={v._id}
                  className="adm-preview-video"
                  src={embed}
                  title={v.title[lang] || 'video'}

                  allowFullScreen
                />
              ) : (
                <video key={v._id} className="adm-preview-video" src={v.url[lang]!} controls />
              );
            })}
      </dd>
    </dl>
  );
}

/** Loads a class (GET /classes/admin/{id}) and renders `children` with it. */
export function WithClass({
  id,
  children,
}: {
  id: string;
  children: (cls: AdminClass) => React.ReactNode;
}) {
  const { t } = useTranslation('admin');
  const res = toResource(useQuery(adminQueries.class(id)));
  if (res.status === 'loading') return <Spinner />;
  if (res.status === 'error') return <Alert tone="error">{t('errors.loadFailed')}</Alert>;
  return <>{children(res.data)}</>;
}
