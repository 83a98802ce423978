import { useCallback, useState } from 'react';
import { LANGUAGES, type Lang } from '@circo/shared-contracts';

/** Field errors of a form: field path (`title.es`) -> message key. */
export type Errors = Record<string, string | undefined>;

/** A value at `a.b` of a plain object. */
export function getPath(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | null)?.[k], obj);
}

function setPath<T>(obj: T, path: string, value: unknown): T {
  const [head, ...rest] = path.split('.');
  const current = (obj as Record<string, unknown>)[head];
  return {
    ...obj,
    [head]: rest.length === 0 ? value : setPath((current ?? {}) as object, rest.join('.'), value),
  } as T;
}

/**
 * A form's draft and its errors: `set('title.es', v)` writes the value and clears that field's
 * error (and the form-wide one), so errors disappear as the admin types.
 */
export function useDraft<T extends object>(initial: T) {
  const [draft, setDraft] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const set = useCallback((path: string, value: unknown) => {
    setDraft((d) => setPath(d, path, value));
    setErrors((e) => {
      const field = path.split('.')[0];
      if (!Object.keys(e).some((k) => k === path || k === field || k === 'form')) return e;
      const next = { ...e };
      delete next[path];
      delete next[field];
      delete next.form;
      return next;
    });
  }, []);
  return { draft, setDraft, set, errors, setErrors };
}

/** The language of the first error on a per-language field, to open its tab. */
export function firstErrorLang(errors: Errors): Lang | null {
  for (const key of Object.keys(errors)) {
    const lang = key.split('.').pop();
    if (errors[key] && LANGUAGES.includes(lang as Lang)) return lang as Lang;
  }
  return null;
}

export const emptyText = () => ({ es: '', en: '', fr: '' });
