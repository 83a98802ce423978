import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { selectIsAdmin, useSessionStore } from '@circo/shared-web';
import { remotesRegistry, type RemotesRegistry } from './remotesRegistry';

/** This shell's release version (APP_VERSION at build time; Jest has no build). */
export const SHELL_VERSION = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'dev';

/**
 * For admins, at the foot of every page: which release of the shell and of each remote this
 * browser runs (from /remotes.json and each loaded manifest), to quote in a bug report. A remote
 * this page did not need is "not loaded on this page", in the muted look of a note (not an
 * error): its version is the one /remotes.json declares, else read from its manifest once loaded.
 */
export function ReleaseDiagnostics({ registry = remotesRegistry }: { registry?: RemotesRegistry }) {
  const { t } = useTranslation('shell');
  const isAdmin = useSessionStore(selectIsAdmin);
  const releases = useSyncExternalStore(registry.subscribe, registry.releases, registry.releases);
  if (!isAdmin) return null;
  return (
    <details className="release-diagnostics" data-testid="release-diagnostics">
      <summary>{t('diagnostics.title')}</summary>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('diagnostics.app')}</th>
            <th scope="col">{t('diagnostics.version')}</th>
            <th scope="col">{t('diagnostics.status')}</th>
          </tr>
        </thead>
        <tbody>
          <tr data-app="shell">
            <th scope="row">shell</th>
            <td>{SHELL_VERSION}</td>
            <td>{t('diagnostics.loaded')}</td>
          </tr>
          {releases.map((r) => (
            <tr
              key={r.name}
              data-app={r.name}
              title={r.entry}
              className={`release-diagnostics__row--${r.status}`}
            >
              <th scope="row">{r.name}</th>
              <td>{r.built ?? r.declared ?? t('diagnostics.readWhenLoaded')}</td>
              <td>{t(`diagnostics.${r.status}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
