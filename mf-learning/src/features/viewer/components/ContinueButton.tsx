import { useTranslation } from 'react-i18next';
import { nextClass } from '../model/nextClass';

export interface OrderedClass {
  _id: string;
  /** its module (a formation's class) */
  moduleId?: string;
  /** "Clase N" as its pill says it */
  pill: string;
}

/**
 * "Continue with Clase N": the class after the last one the student marked done (its module
 * too), where she stopped. Hidden when every class is done or that class is already open.
 */
export function ContinueButton({
  ordered,
  done,
  current,
  onGo,
}: {
  ordered: OrderedClass[];
  done: ReadonlySet<string>;
  current: string | null;
  onGo: (classId: string, moduleId?: string) => void;
}) {
  const { t } = useTranslation('learning');
  const next = nextClass(ordered, done);
  if (!next || next._id === current) return null;
  return (
    <button
      type="button"
      className="btn btn--primary learn-continue"
      data-testid="continue-class"
      data-class-id={next._id}
      onClick={() => onGo(next._id, next.moduleId)}
    >
      {t('viewer.continueWith', { pill: next.pill })}
    </button>
  );
}
