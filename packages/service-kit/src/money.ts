/** How the shop shows an amount of money: a currency sign and two decimals (`$27.99`). */
export function formatPrice(minorUnits: number, currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minorUnits / 100);
}
