/** `edit`: opened by a row's "Editar" (a fresh number each time, so the form opens again). */
export type Selection = (
  { kind: 'course'; id: string } | { kind: 'class'; id: string; courseId: string }
) & { edit?: number };
export type Adding = { kind: 'course' } | { kind: 'class'; courseId: string };
export type Confirming = { kind: 'course' | 'class'; id: string; name: string };
