import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PRACTICE_MINUTES_MAX, PRACTICE_MINUTES_MIN } from '@circo/shared-contracts';
import { useLogPractice, usePracticeLog } from '../hooks/usePracticeData';

/** "I practised this" with minutes, under a class: its total and the student's streak. */
export function PracticeLogPanel({ classId }: { classId: string }) {
  const { t } = useTranslation('learning');
  const log = usePracticeLog(classId);
  const add = useLogPractice(classId);
  const [minutes, setMinutes] = useState('20');
  const [saved, setSaved] = useState<'sent' | 'queued' | null>(null);
  const id = useId();
  const value = Number(minutes);
  const valid =
    Number.isInteger(value) && value >= PRACTICE_MINUTES_MIN && value <= PRACTICE_MINUTES_MAX;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setSaved(null);
    add.mutate({ minutes: value }, { onSuccess: (data) => setSaved(data ? 'sent' : 'queued') });
  };

  return (
    <section className="practice-log" aria-labelledby={`${id}-title`} data-testid="practice-log">
      <h3 id={`${id}-title`} className="visually-hidden">
        {t('practice.log.title')}
      </h3>
      <form onSubmit={submit} noValidate>
        <label className="practice__field" htmlFor={`${id}-minutes`}>
          {t('practice.log.minutes')}
        </label>
        <input
          id={`${id}-minutes`}
          type="number"
          inputMode="numeric"
          min={PRACTICE_MINUTES_MIN}
          max={PRACTICE_MINUTES_MAX}
          step={1}
          value={minutes}
          aria-invalid={!valid}
          aria-describedby={valid ? undefined : `${id}-error`}
          onChange={(e) => setMinutes(e.target.value)}
          data-testid="practice-minutes"
        />
        <button
          type="submit"
          className="btn btn--primary practice__big"
          disabled={add.isPending}
          data-testid="practised"
        >
          {t('practice.log.practised')}
        </button>
      </form>
      {!valid && (
        <p id={`${id}-error`} className="learn-error" role="alert">
          {t('practice.log.invalid', { max: PRACTICE_MINUTES_MAX })}
        </p>
      )}
      {add.isError && (
        <p className="alert alert--error" role="alert">
          {t('practice.log.failed')}
        </p>
      )}
      <p className="practice-log__stats" role="status" data-testid="practice-stats">
        {log.data && (
          <>
            <span data-testid="class-minutes">
              {t('practice.log.classTotal', { count: log.data.totalMinutes })}
            </span>
            <span data-testid="streak">
              {t('practice.log.streak', { count: log.data.streakDays })}
            </span>
          </>
        )}
        {saved && (
          <span data-testid="practice-saved">
            {t(saved === 'sent' ? 'practice.log.saved' : 'practice.log.queued')}
          </span>
        )}
      </p>
    </section>
  );
}

/** My Courses: every minute practised and the streak. */
export function PracticeSummary() {
  const { t } = useTranslation('learning');
  const log = usePracticeLog(null);
  if (!log.data || log.data.totalMinutes === 0) return null;
  return (
    <p className="practice-log__stats" data-testid="practice-summary">
      <span>{t('practice.log.total', { count: log.data.totalMinutes })}</span>
      <span>{t('practice.log.streak', { count: log.data.streakDays })}</span>
    </p>
  );
}
