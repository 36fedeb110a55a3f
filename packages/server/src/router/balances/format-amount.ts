/** Balance amounts as Skip prints them. */

/**
 * `amount` in whole units with exactly `decimals` fraction digits (`100000000` at 6 is
 * `100.000000`, as Skip's `formatted_amount`); the integer itself when `decimals` is unknown or 0.
 * See spec/src/components/schemas/router/balance-entry.yaml.
 */
export function formatAmount(amount: bigint, decimals: number | undefined): string {
  const digits = amount.toString();
  if (!decimals) return digits;
  const padded = digits.padStart(decimals + 1, "0");
  return `${padded.slice(0, -decimals)}.${padded.slice(-decimals)}`;
}
