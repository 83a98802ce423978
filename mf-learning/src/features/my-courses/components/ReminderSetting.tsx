import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserPreferences } from '@circo/shared-contracts';
import { Alert, getJson, sendJson, useApiMutation } from '@circo/shared-web';

const KEY = ['learning', 'preferences'] as const;

/**
 * The account's reminder setting: e-mails before access ends (30, 7, 1 days) and once it has
 * ended. The link in each reminder turns them off too; here they come back on.
 */
export function ReminderSetting() {
  const { t } = useTranslation('learning');
  const prefs = useQuery({
    queryKey: KEY,
    queryFn: getJson<UserPreferences>('/users/me/preferences'),
  });
  const save = useApiMutation<UserPreferences, UserPreferences>({
    mutationFn: sendJson<UserPreferences, UserPreferences>('/users/me/preferences', 'PUT'),
    invalidates: [KEY],
  });
  if (!prefs.data) return null;
  const on = save.isPending
    ? (save.variables?.reminders ?? prefs.data.reminders)
    : prefs.data.reminders;
  return (
    <section className="learn-settings" aria-labelledby="learn-settings-title">
      <h2 id="learn-settings-title">{t('settings.title')}</h2>
      <label className="learn-settings__toggle">
        <input
          type="checkbox"
          checked={on}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ reminders: e.target.checked })}
        />
        {t('settings.reminders')}
      </label>
      {save.isError && <Alert tone="error">{t('settings.saveFailed')}</Alert>}
    </section>
  );
}
