export type Selection =
  { kind: 'course'; id: string } | { kind: 'class'; id: string; courseId: string };
export type Adding = { kind: 'course' } | { kind: 'class'; courseId: string };
export type Confirming = { kind: 'course' | 'class'; id: string; name: string };
