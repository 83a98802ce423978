import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  GRANT_MONTHS_MAX,
  GRANT_REASONS,
  isCalendarDay,
  STUDENTS_ERRORS,
  type GrantAccessBody,
  type GrantReason,
  type ItemType,
  type StudentDetail,
  type StudentItem,
} from '@circo/shared-contracts';
import { Alert, adminQueries, useAdminWrite } from '@circo/shared-web';
import { displayTitle } from '../../common/titles';
import { businessPaths } from '../../business/queries';

type Mode = 'months' | 'until';

/** One way to say how long the access runs (a number of months, or until a day). */
function ModeChoice({
  mode,
  chosen,
  onChoose,
  label,
}: {
  mode: Mode;
  chosen: Mode;
  onChoose: (mode: Mode) => void;
  label: string;
}) {
  return (
    <label className="adm-inline">
      <input type="radio" name="mode" checked={chosen === mode} onChange={() => onChoose(mode)} />
      {label}
    </label>
  );
}

export interface GrantTarget {
  itemType: ItemType;
  itemId: string;
}

/** What the form gave: the item and the end of the student's access to it now. */
export interface Granted {
  item: StudentItem;
}

/**
 * Give an item by hand (or extend it): for N months from the end of the access the student has
 * now, or until a chosen day (to its end, in the admin's time zone), with a reason and a note.
 */
export function GrantAccessForm({
  studentId,
  target,
  onDone,
}: {
  studentId: string;
  /** The item to extend, when the form was opened from it. */
  target?: GrantTarget;
  /** Closes the form; with what was given when it was sent (the page confirms it). */
  onDone: (granted?: Granted) => void;
}) {
  const { t } = useTranslation('admin');
  const courses = useQuery(adminQueries.courses());
  const formations = useQuery(adminQueries.formations());
  const write = useAdminWrite<StudentDetail>();
  const [item, setItem] = useState(target ? `${target.itemType}:${target.itemId}` : '');
  const [mode, setMode] = useState<Mode>('months');
  const [months, setMonths] = useState('3');
  const [until, setUntil] = useState('');
  const [reason, setReason] = useState<GrantReason>('scholarship');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    const [itemType, itemId] = item.split(':') as [ItemType, string];
    if (!itemId) return setError(t('students.grant.chooseItem'));
    const n = Number(months);
    if (mode === 'months' && !(Number.isInteger(n) && n >= 1 && n <= GRANT_MONTHS_MAX)) {
      return setError(t('students.grant.badMonths', { max: GRANT_MONTHS_MAX }));
    }
    if (mode === 'until' && !isCalendarDay(until)) return setError(t('students.grant.badUntil'));
    const body: GrantAccessBody = {
      itemType,
      itemId,
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
      // until the end of the chosen day, in the admin's time zone
      ...(mode === 'months'
        ? { months: n }
        : { until: new Date(`${until}T23:59:59.999`).toISOString() }),
    };
    try {
      const detail = await write.mutateAsync({
        method: 'POST',
        path: businessPaths.access(studentId),
        body,
      });
      const given = detail?.items.find((i) => i.itemType === itemType && i.itemId === itemId);
      onDone(given ? { item: given } : undefined);
    } catch (err) {
      const code = (err as { code?: string }).code;
      setError(
        code === STUDENTS_ERRORS.grantPeriod
          ? t('students.grant.untilNotLater')
          : t('students.grant.failed'),
      );
    }
  };

  return (
    <form
      className="adm-form adm-grant"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label>
        {t('students.grant.item')}
        <select
          value={item}
          onChange={(e) => setItem(e.target.value)}
          disabled={Boolean(target)}
          required
        >
          <option value="">{t('students.grant.chooseItem')}</option>
          <optgroup label={t('business.itemTypes.formation')}>
            {(formations.data ?? []).map((f) => (
              <option key={f._id} value={`formation:${f._id}`}>
                {displayTitle(f.title)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('business.itemTypes.course')}>
            {(courses.data ?? []).map((c) => (
              <option key={c._id} value={`course:${c._id}`}>
                {displayTitle(c.title)}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      <fieldset>
        <legend>{t('students.grant.duration')}</legend>
        <ModeChoice
          mode="months"
          chosen={mode}
          onChoose={setMode}
          label={t('students.grant.forMonths')}
        />
        {mode === 'months' && (
          <label>
            {t('students.grant.months')}
            <input
              type="number"
              min={1}
              max={GRANT_MONTHS_MAX}
              step={1}
              value={months}
              onChange={(e) => setMonths(e.target.value)}
            />
          </label>
        )}
        <ModeChoice
          mode="until"
          chosen={mode}
          onChoose={setMode}
          label={t('students.grant.untilDate')}
        />
        {mode === 'until' && (
          <label>
            {t('students.grant.until')}
            <input type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
          </label>
        )}
      </fieldset>
      <label>
        {t('students.grant.reason')}
        <select value={reason} onChange={(e) => setReason(e.target.value as GrantReason)}>
          {GRANT_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`students.reasons.${r}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('students.grant.note')}
        <textarea value={note} maxLength={500} rows={2} onChange={(e) => setNote(e.target.value)} />
      </label>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="adm-actions">
        <button type="submit" className="btn btn--primary" disabled={write.isPending}>
          {target ? t('students.grant.extend') : t('students.grant.submit')}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => onDone()}>
          {t('actions.cancel')}
        </button>
      </div>
    </form>
  );
}
