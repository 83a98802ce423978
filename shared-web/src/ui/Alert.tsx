import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info' | 'warning';

/** A message block; errors are announced to screen readers. */
export function Alert({ tone = 'info', children }: { tone?: Tone; children: ReactNode }) {
  return (
    <div className={`alert alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}
