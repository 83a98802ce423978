import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { ItemType } from '@circo/shared-contracts';
import { Spinner, learningQueries, toResource, useToggleClassDone } from '@circo/shared-web';
import { useLang, useUserId } from '../../shared/hooks';
import { inLang } from '../../shared/localized';
import { PracticeLogPanel } from '../../practice/components/PracticeLogPanel';
import { ClipsPanel } from '../../practice-feedback/ClipsPanel';
import { PdfList } from './PdfList';
import { VideoList } from './VideoList';
import { DownloadButton } from '../../offline/components/DownloadButton';

/** The selected class: texts, PDFs, videos and the done button (optimistic, rolled back). */
export function ClassPanel({
  kind,
  itemId,
  classId,
  done,
  videoHeight,
}: {
  kind: ItemType;
  itemId: string;
  classId: string;
  done: boolean;
  videoHeight: number;
}) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const userId = useUserId();
  const res = toResource(useQuery(learningQueries.classDetail(userId, classId, lang)));
  const toggle = useToggleClassDone({ userId, kind, itemId, lang });

  if (res.status === 'loading') return <Spinner />;
  if (res.status === 'error') {
    return (
      <div className="alert alert--error">
        {t('viewer.loadError')}{' '}
        <button type="button" className="btn btn--ghost" onClick={res.retry}>
          {t('viewer.retry')}
        </button>
      </div>
    );
  }
  const cls = res.data;
  const subtitle = inLang(cls.subtitle, lang);
  const secondary = inLang(cls.secondaryContent, lang);
  const firstVideo = cls.videos.findIndex((v) => v.hasFile[lang]);
  return (
    <article className="learn-class" data-testid="class-panel" data-class-id={cls._id}>
      <header className="learn-class__head">
        <div>
          <h2 className="learn-class__title">{inLang(cls.title, lang)}</h2>
          {subtitle && <p className="learn-class__subtitle">{subtitle}</p>}
          <DownloadButton kind={kind} itemId={itemId} classIds={[]} classId={cls._id} />
        </div>
        <button
          type="button"
          className={`btn ${done ? 'btn--ghost learn-done--on' : 'btn--primary'}`}
          aria-pressed={done}
          data-testid="toggle-done"
          onClick={() => toggle.mutate({ classId: cls._id, done: !done })}
        >
          {done ? `✓ ${t('viewer.unmarkDone')}` : t('viewer.markDone')}
        </button>
      </header>
      {toggle.isError && (
        <p className="alert alert--error" role="alert" data-testid="save-failed">
          {t('viewer.saveFailed')}
        </p>
      )}
      <div className="learn-class__content">{inLang(cls.content, lang)}</div>
      {secondary && <div className="learn-class__secondary">{secondary}</div>}
      <PdfList itemType={kind} classId={cls._id} pdfs={cls.pdfs} />
      <VideoList classId={cls._id} videos={cls.videos} height={videoHeight} />
      <PracticeLogPanel classId={cls._id} />
      <ClipsPanel
        classId={cls._id}
        title={inLang(cls.title, lang)}
        classVideo={firstVideo === -1 ? null : firstVideo}
      />
    </article>
  );
}
