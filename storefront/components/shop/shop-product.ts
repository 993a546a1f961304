import type { Product } from '@aba-shop/contract';

/** What the shop's buttons need of a product; prices in cents, as the catalogue gives them. */
export type ShopProduct = Pick<
  Product,
  'id' | 'name' | 'description' | 'price' | 'currency' | 'images' | 'paymentLinkUrl'
>;

export function toShopProduct(product: Product): ShopProduct {
  const { id, name, description, price, currency, images, paymentLinkUrl } = product;
  return { id, name, description, price, currency, images, paymentLinkUrl };
}
