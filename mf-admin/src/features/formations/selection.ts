/** `edit`: opened by a row's "Editar" (a fresh number each time, so the form opens again). */
export type FSelection = (
  | { kind: 'formation'; id: string }
  | { kind: 'module'; id: string; formationId: string }
  | { kind: 'class'; id: string; moduleId: string; formationId: string }
) & { edit?: number };
export type FAdding =
  | { kind: 'formation' }
  | { kind: 'module'; formationId: string }
  | { kind: 'class'; moduleId: string; formationId: string };
export type FConfirming = { kind: 'formation' | 'module' | 'class'; id: string; name: string };
