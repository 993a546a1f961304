/** Formats a price in minor units (cents) as the shop shows it: a $ sign and 2 decimals. */
export function formatPrice(minorUnits: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minorUnits / 100);
}
