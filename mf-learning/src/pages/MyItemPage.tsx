import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import {
  LEARNING_ERRORS,
  pathTo,
  ROUTES,
  type ItemType,
  type MyCourseResponse,
  type MyFormationResponse,
} from '@circo/shared-contracts';
import { Spinner, learningQueries, toResource, withQueuedMarks } from '@circo/shared-web';
import { ItemViewer } from '../features/viewer/components/ItemViewer';
import { ViewerState } from '../features/viewer/components/ViewerState';
import { useLang, useUserId } from '../features/shared/hooks';
import { inLang } from '../features/shared/localized';
import { DownloadButton } from '../features/offline/components/DownloadButton';

const EXPIRED_PATH: Record<ItemType, string> = {
  formation: ROUTES.find((r) => r.id === 'expiredFormation')!.path,
  course: ROUTES.find((r) => r.id === 'expiredCourse')!.path,
};

/** /mis-cursos/formacion/{id} and /mis-cursos/curso/{id}: the student viewer of a bought item. */
export function MyItemPage({ kind }: { kind: ItemType }) {
  const { t } = useTranslation('learning');
  const { id = '' } = useParams();
  const lang = useLang();
  const userId = useUserId();
  const navigate = useNavigate();
  const res = toResource(
    useQuery({ ...learningQueries.item(userId, kind, id, lang), enabled: !!userId && !!id }),
  );
  const expired = res.status === 'error' && res.error.code === LEARNING_ERRORS.accessExpired;
  useEffect(() => {
    if (expired) void navigate(pathTo(EXPIRED_PATH[kind], { id }), { replace: true });
  }, [expired, kind, id, navigate]);

  const back = (
    <Link className="learn-back" to="/mis-cursos" data-testid="back">
      ← {t('viewer.back')}
    </Link>
  );
  if (res.status === 'loading' || expired)
    return (
      <div className="learn-page">
        {back}
        <Spinner />
      </div>
    );
  if (res.status === 'error') {
    return (
      <div className="learn-page">
        {back}
        <ViewerState kind={kind} error={res.error} retry={res.retry} />
      </div>
    );
  }
  const data = res.data;
  const item =
    kind === 'formation'
      ? (data as MyFormationResponse).formation
      : (data as MyCourseResponse).course;
  const classIds =
    kind === 'formation'
      ? (data as MyFormationResponse).modules.flatMap((m) => m.classes.map((c) => c._id))
      : (data as MyCourseResponse).classes.map((c) => c._id);
  return (
    <div className="learn-page" data-testid={`my-${kind}`}>
      {back}
      <header className="learn-page__head">
        <h1>{inLang(item.title, lang)}</h1>
        <p className="learn-lead">{inLang(item.description, lang)}</p>
        <DownloadButton kind={kind} itemId={id} classIds={classIds} />
      </header>
      <ItemViewer
        kind={kind}
        item={item}
        modules={kind === 'formation' ? (data as MyFormationResponse).modules : null}
        classes={kind === 'course' ? (data as MyCourseResponse).classes : []}
        completed={withQueuedMarks(userId, kind, id, data.completed)}
      />
    </div>
  );
}
