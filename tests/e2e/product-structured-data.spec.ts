/**
 * Search engines read the eBooks on sale from the home and shop pages as schema.org Products
 * with an Offer, priced from the commerce service's catalogue (ADR 0007, SEO).
 */
import { expect, test, type Page } from '@playwright/test';

interface CatalogueProduct {
  name: string;
  price: number;
  currency: string;
}

type Json = Record<string, unknown>;

/** The Products of the page's structured data, from its ItemList. */
async function structuredProducts(page: Page): Promise<Json[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const list = blocks
    .map((text) => JSON.parse(text) as Json)
    .find((data) => data['@type'] === 'ItemList');
  expect(list, 'an ItemList of the eBooks').toBeDefined();
  return (list?.itemListElement as { item: Json }[]).map((element) => element.item);
}

for (const path of ['/', '/shop']) {
  test(`${path} describes the three eBooks as Products priced from the catalogue`, async ({
    page,
    request,
  }) => {
    const catalogue = (await (await request.get('/api/products')).json()) as CatalogueProduct[];
    await page.goto(path);
    const products = await structuredProducts(page);
    expect(products.map((product) => product.name)).toEqual([
      'eBook ABA for Parents',
      'eBook ABA Case Studies',
      'eBook ABA Complete Pack',
    ]);
    for (const product of products) {
      const sold = catalogue.find((entry) => entry.name === product.name);
      expect(sold, `${String(product.name)} in the catalogue`).toBeDefined();
      expect(product['@type']).toBe('Product');
      expect(product.offers).toMatchObject({
        '@type': 'Offer',
        price: ((sold?.price ?? 0) / 100).toFixed(2),
        priceCurrency: sold?.currency.toUpperCase(),
        availability: 'https://schema.org/InStock',
      });
    }
  });
}
