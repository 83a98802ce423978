import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CERTIFICATE_PATHS, type ItemType } from '@circo/shared-contracts';
import { adminQueries, useAdminWrite, useLanguageStore } from '@circo/shared-web';
import { certificateQueries } from '../queries';
import { CertificateList } from './CertificateList';

/** One course's or formation's certificates, and whether the coach reviews them first. */
export function ItemCertificates() {
  const { t } = useTranslation('admin');
  const lang = useLanguageStore((s) => s.lang);
  const courses = useQuery(adminQueries.courses()).data ?? [];
  const formations = useQuery(adminQueries.formations()).data ?? [];
  const [picked, setPicked] = useState('');
  const [itemType, itemId] = picked.split(':') as [ItemType, string];
  const review = useQuery({ ...certificateQueries.review(itemType, itemId), enabled: !!picked });
  const write = useAdminWrite();
  const titleOf = (title: Record<string, string>) => title[lang] || title.es;
  return (
    <section className="adm-section" aria-labelledby="cert-item">
      <h2 id="cert-item">{t('certificates.byItem')}</h2>
      <label className="adm-field">
        <span>{t('certificates.item')}</span>
        <select value={picked} onChange={(e) => setPicked(e.target.value)}>
          <option value="">{t('certificates.pickItem')}</option>
          <optgroup label={t('dashboard.formations.title')}>
            {formations.map((f) => (
              <option key={f._id} value={`formation:${f._id}`}>
                {titleOf(f.title)}
              </option>
            ))}
          </optgroup>
          <optgroup label={t('dashboard.courses.title')}>
            {courses.map((c) => (
              <option key={c._id} value={`course:${c._id}`}>
                {titleOf(c.title)}
              </option>
            ))}
          </optgroup>
        </select>
      </label>
      {picked && review.data && (
        <label className="adm-check">
          <input
            type="checkbox"
            checked={review.data.review}
            disabled={write.isPending}
            onChange={(e) =>
              void write
                .mutateAsync({
                  method: 'PUT',
                  path: CERTIFICATE_PATHS.review(itemType, itemId),
                  body: { review: e.target.checked },
                })
                .catch(() => undefined)
            }
          />
          <span>{t('certificates.reviewFirst')}</span>
        </label>
      )}
      {picked && (
        <CertificateList
          filter={{ itemType, itemId }}
          title={t('certificates.ofItem')}
          empty={t('certificates.emptyItem')}
        />
      )}
    </section>
  );
}
