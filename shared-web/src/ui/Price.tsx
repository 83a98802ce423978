import { formatUsd } from '@circo/shared-contracts';

/** A USD amount as the whole product shows prices (the format rule lives in shared-contracts). */
export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span className={className ?? 'price'}>{formatUsd(amount)} USD</span>;
}
