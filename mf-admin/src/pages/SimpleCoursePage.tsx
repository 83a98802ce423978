import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import {
  LANGUAGES,
  hasErrors,
  validateSimpleCourse,
  type AdminCourse,
  type Lang,
} from '@circo/shared-contracts';
import {
  Alert,
  Select,
  Spinner,
  TextField,
  adminPaths,
  adminQueries,
  focusFirstInvalid,
  useAdminWrite,
} from '@circo/shared-web';
import { AdminPage } from './AdminPage';
import { FormActions } from '../features/forms/components/LocalizedForm';
import { UploadField } from '../features/uploads/components/UploadField';
import { VideoInput } from '../features/uploads/components/VideoInput';
import { useFormUploads } from '../features/uploads/hooks/useFormUploads';

interface Draft {
  title: string;
  description: string;
  price: string;
  pdfUrl: string;
  videoUrl: string;
  language: Lang | '';
}
const EMPTY: Draft = {
  title: '',
  description: '',
  price: '',
  pdfUrl: '',
  videoUrl: '',
  language: 'es',
};

const fromCourse = (c: AdminCourse, lang: Lang): Draft => ({
  title: c.title[lang],
  description: c.description[lang],
  price: String(c.price),
  pdfUrl: c.pdf[lang] ?? '',
  videoUrl: c.video[lang] ?? '',
  language: lang,
});

/** /admin/create and /admin/edit/{id}: the simple course forms, one language at a time. */
export function SimpleCoursePage({ mode }: { mode: 'create' | 'edit' }) {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const courses = useQuery({ ...adminQueries.courses(), enabled: mode === 'edit' });
  const course = courses.data?.find((c) => c._id === id);
  if (mode === 'edit' && courses.isPending) return <Spinner />;
  if (mode === 'edit' && !course)
    return (
      <AdminPage title={t('pages.adminEditCourse.title')}>
        <Alert tone="error">{t('simple.loadFailed')}</Alert>
      </AdminPage>
    );
  return <SimpleCourseForm key={course?._id ?? 'new'} course={course} />;
}

function SimpleCourseForm({ course }: { course?: AdminCourse }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const write = useAdminWrite();
  const uploads = useFormUploads();
  const [draft, setDraft] = useState<Draft>(course ? fromCourse(course, 'es') : EMPTY);
  const [invalid, setInvalid] = useState<Record<string, unknown>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (k: keyof Draft, v: string) => {
    setDraft((d) =>
      k === 'language' && course && v ? fromCourse(course, v as Lang) : { ...d, [k]: v },
    );
    setInvalid((e) => ({ ...e, [k]: undefined }));
    setFailure(null);
  };
  const onSubmit = async (form: HTMLFormElement) => {
    const errors = validateSimpleCourse(draft);
    setInvalid(errors);
    if (hasErrors(errors)) {
      setFailure(t('validation.allRequired'));
      requestAnimationFrame(() => focusFirstInvalid(form));
      return;
    }
    try {
      const body = { ...draft, price: Number(draft.price) };
      await write.mutateAsync(
        course
          ? { method: 'PUT', path: adminPaths.course(course._id), body }
          : { method: 'POST', path: adminPaths.courses, body },
      );
      uploads.keepAll();
      void navigate('/admin');
    } catch {
      setFailure(t(course ? 'simple.updateFailed' : 'simple.createFailed'));
    }
  };
  const mark = (k: keyof Draft) => (invalid[k] ? true : undefined);
  return (
    <AdminPage title={t(course ? 'pages.adminEditCourse.title' : 'pages.adminCreateCourse.title')}>
      <form
        className="form adm-form adm-form--narrow"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit(e.currentTarget);
        }}
      >
        {failure && <Alert tone="error">{failure}</Alert>}
        <Select
          name="language"
          label={`${t('fields.language')} *`}
          value={draft.language}
          aria-invalid={mark('language')}
          onChange={(e) => set('language', e.target.value)}
          options={LANGUAGES.map((l) => ({ value: l, label: t(`lang.${l}`) }))}
        />
        <TextField
          name="title"
          label={`${t('fields.title')} *`}
          value={draft.title}
          aria-invalid={mark('title')}
          onChange={(e) => set('title', e.target.value)}
        />
        <div className="field">
          <label htmlFor="description">{t('fields.description')} *</label>
          <textarea
            id="description"
            name="description"
            rows={5}
            value={draft.description}
            aria-invalid={mark('description')}
            onChange={(e) => set('description', e.target.value)}
          />
        </div>
        <TextField
          name="price"
          label={`${t('fields.priceUsd')} *`}
          type="number"
          min={0}
          step="0.01"
          value={draft.price}
          aria-invalid={mark('price')}
          onChange={(e) => set('price', e.target.value)}
        />
        <UploadField
          kind="pdfPublic"
          label={t('fields.pdf')}
          title={draft.title}
          value={draft.pdfUrl}
          uploads={uploads}
          onChange={(u) => set('pdfUrl', u?.url ?? '')}
        />
        {course && (
          <TextField
            name="pdfUrl"
            label={t('fields.pdfUrl')}
            type="url"
            value={draft.pdfUrl}
            onChange={(e) => set('pdfUrl', e.target.value)}
          />
        )}
        <VideoInput
          key={draft.language}
          label={t('fields.video')}
          title={draft.title}
          value={draft.videoUrl}
          uploads={uploads}
          onChange={(url) => set('videoUrl', url)}
        />
        {course && (
          <TextField
            name="videoUrl"
            label={t('fields.videoUrlText')}
            type="url"
            value={draft.videoUrl}
            onChange={(e) => set('videoUrl', e.target.value)}
          />
        )}
        <FormActions
          busy={write.isPending}
          editing={Boolean(course)}
          onCancel={() => void uploads.discardAll().then(() => navigate('/admin'))}
        />
      </form>
    </AdminPage>
  );
}
