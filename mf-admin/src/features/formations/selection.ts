export type FSelection =
  | { kind: 'formation'; id: string }
  | { kind: 'module'; id: string; formationId: string }
  | { kind: 'class'; id: string; moduleId: string; formationId: string };
export type FAdding =
  | { kind: 'formation' }
  | { kind: 'module'; formationId: string }
  | { kind: 'class'; moduleId: string; formationId: string };
export type FConfirming = { kind: 'formation' | 'module' | 'class'; id: string; name: string };
