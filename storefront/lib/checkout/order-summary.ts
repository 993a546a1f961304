/** The order heading of the success page: 'Your Order (1 item)' or 'Your Order (N items)'. */
export function orderItemCountText(count: number): string {
  return `Your Order (${count} ${count === 1 ? 'item' : 'items'})`;
}

/** A product's visible name, with the spec's fallback 'Product N' (1-based) when it has none. */
export function productDisplayName(name: string | null | undefined, index: number): string {
  return name?.trim() ? name : `Product ${index + 1}`;
}
