/** A USD amount with two decimals, as the whole product shows prices. */
export function formatUsd(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

export function Price({ amount, className }: { amount: number; className?: string }) {
  return <span className={className ?? 'price'}>{formatUsd(amount)} USD</span>;
}
