import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClassMediaSummary, ItemType } from '@circo/shared-contracts';
import { fetchPrivatePdf } from '@circo/shared-web';
import { useLang } from '../../shared/hooks';
import { inLang } from '../../shared/localized';

type Opened = { index: number; url: string } | { index: number; error: true } | null;

/**
 * The class's PDFs with a file in the current language. "Open PDF" asks for a short-lived link
 * and shows the PDF in the browser's viewer, with a link to open it in its own tab.
 */
export function PdfList({
  itemType,
  classId,
  pdfs,
}: {
  itemType: ItemType;
  classId: string;
  pdfs: ClassMediaSummary[];
}) {
  const { t } = useTranslation('learning');
  const lang = useLang();
  const [opened, setOpened] = useState<Opened>(null);
  const [busy, setBusy] = useState<number | null>(null);
  // pdfs[i]: i is the index the private route takes, so the list keeps it
  const listed = pdfs.map((p, index) => ({ p, index })).filter(({ p }) => p.hasFile[lang]);
  if (listed.length === 0) return null;

  const open = async (index: number) => {
    setBusy(index);
    try {
      const { url } = await fetchPrivatePdf(itemType, classId, index, lang);
      setOpened({ index, url });
    } catch (err) {
      console.error('private PDF', err);
      setOpened({ index, error: true });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="learn-media" aria-labelledby="pdfs-title" data-testid="pdf-list">
      <h3 id="pdfs-title">{t('viewer.pdfs')}</h3>
      <ul className="learn-media__list">
        {listed.map(({ p, index }, n) => (
          <li key={p._id} className="learn-media__item">
            <div>
              <strong>{inLang(p.title, lang) || t('viewer.pdfN', { n: n + 1 })}</strong>
              {inLang(p.description, lang) && (
                <p className="learn-muted">{inLang(p.description, lang)}</p>
              )}
            </div>
            <button
              type="button"
              className="btn btn--ghost"
              disabled={busy === index}
              onClick={() => void open(index)}
            >
              {t('viewer.openPdf')}
            </button>
            {opened?.index === index &&
              ('error' in opened ? (
                <p className="learn-error" role="alert">
                  {t('viewer.pdfError')}
                </p>
              ) : (
                <div className="learn-pdf">
                  <iframe
                    src={opened.url}
                    title={inLang(p.title, lang) || t('viewer.pdfN', { n: n + 1 })}
                    data-testid="pdf-frame"
                  />
                  <a href={opened.url} target="_blank" rel="noopener noreferrer">
                    {t('viewer.openPdfTab')}
                  </a>
                </div>
              ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
