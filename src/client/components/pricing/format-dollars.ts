const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** A plan price in whole dollars: "$49". */
export function formatDollars(amount: number): string {
  return dollars.format(amount);
}
