import { useTranslation } from 'react-i18next';
import { DRAWING_KINDS, angleDegrees, type DrawingKind } from '@circo/shared-contracts';
import type { DrawingDraft } from './CommentComposer';

/** The drawing tools (none, line, arrow, circle, angle), the chosen tool's help, and the shapes drawn. */
export function DrawingTools({
  name,
  drawing,
  onChoose,
  onDrawing,
  size,
}: {
  /** The tool radios' group name. */
  name: string;
  drawing: DrawingDraft;
  onChoose: (tool: DrawingKind | null) => void;
  onDrawing: (d: DrawingDraft) => void;
  /** The clip's frame size: an angle's degrees depend on its proportions. */
  size: { width: number; height: number };
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <fieldset className="adm-practice__tools">
        <legend>{t('practice.draw')}</legend>
        {[null, ...DRAWING_KINDS].map((k) => (
          <label key={k ?? 'none'} className="adm-practice__tool">
            <input
              type="radio"
              name={name}
              checked={drawing.tool === k}
              onChange={() => onChoose(k)}
            />
            {t(`practice.tools.${k ?? 'none'}`)}
          </label>
        ))}
      </fieldset>
      {drawing.tool && (
        <p className="adm-muted" role="status">
          {t(`practice.toolHelp.${drawing.tool}`)}
        </p>
      )}
      {drawing.shapes.length > 0 && (
        <ul className="adm-practice__shapes" aria-label={t('practice.shapes')}>
          {drawing.shapes.map((s, i) => (
            <li key={i}>
              {s.kind === 'angle'
                ? t('practice.angleOf', { deg: angleDegrees(s.points, size) })
                : t(`practice.tools.${s.kind}`)}{' '}
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() =>
                  onDrawing({ ...drawing, shapes: drawing.shapes.filter((_, j) => j !== i) })
                }
              >
                {t('practice.removeShape')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
