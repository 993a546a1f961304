/**
 * schema.org objects for the organisation, FAQ pages, blog articles, the eBooks on sale and the
 * membership.
 */
import {
  ratingsByProduct,
  type RatedReview,
  type RatingSummary,
} from '@/lib/reviews/review-summary';
import { SUPPORT_EMAIL_DEFAULT } from '@aba-shop/contract/constants';
import type { Product } from '@aba-shop/contract';
import { MEMBERSHIP_PATH } from '@/lib/membership/membership-offer';

export const SITE_NAME = 'ABA Parent Guides';

export function organizationData(siteUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: SITE_NAME,
    url: siteUrl,
    logo: new URL('/icon.png', siteUrl).href,
    email: SUPPORT_EMAIL_DEFAULT,
    description:
      'Evidence-based ABA eBooks and audiobooks for parents and caregivers of autistic children.',
  };
}

export function faqPageData(items: readonly { question: string; answer: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.question,
      acceptedAnswer: { '@type': 'Answer', text: item.answer },
    })),
  };
}

export function blogPostingData(
  post: {
    title: string;
    slug: string;
    excerpt: string | null;
    author: string | null;
    created_at: string;
    cover: { url: string } | null;
  },
  siteUrl: string,
) {
  const url = new URL(`/blog/${post.slug}`, siteUrl).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description: post.excerpt ?? undefined,
    datePublished: post.created_at,
    inLanguage: 'it-IT',
    mainEntityOfPage: url,
    url,
    image: post.cover ? new URL(post.cover.url, siteUrl).href : undefined,
    author: post.author ? { '@type': 'Person', name: post.author } : undefined,
    publisher: { '@type': 'Organization', name: SITE_NAME, url: siteUrl },
  };
}

/** What a product's structured data needs of a catalogue product (price in cents). */
export type OfferedProduct = Pick<
  Product,
  'id' | 'name' | 'description' | 'price' | 'currency' | 'images'
>;

/** Where every eBook is bought: the shop page, from the home page too. */
const OFFER_PATH = '/shop';

/** UN/CEFACT codes of a subscription's billing period, as schema.org's unitCode takes them. */
const PERIOD_UNIT_CODES: Readonly<Record<string, string>> = { month: 'MON', year: 'ANN' };

/**
 * A price in cents as schema.org writes it: a decimal string with a dot and two places
 * ("12.50"), worked out in whole numbers so that no float rounding can change a cent.
 */
export function schemaPrice(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * One eBook as a schema.org Product with its Offer: the fields Google asks of a product
 * snippet (name; offers with price, currency and availability) and those it recommends that
 * the shop can state truthfully. Its rating, when given, comes from the eBook's own published
 * reviews by verified buyers (docs/product.md#keeping-in-touch); the marketers' testimonials
 * are about the guides in general, not about one product, and never count.
 */
export function productData(
  product: OfferedProduct,
  siteUrl: string,
  offerPath = OFFER_PATH,
  rating: RatingSummary | null = null,
) {
  const seller = { '@type': 'Organization', name: SITE_NAME, url: siteUrl };
  return {
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.id,
    productID: product.id,
    image: product.images.map((image) => new URL(image, siteUrl).href),
    brand: { '@type': 'Brand', name: SITE_NAME },
    offers: {
      '@type': 'Offer',
      price: schemaPrice(product.price),
      priceCurrency: product.currency.toUpperCase(),
      // A download never runs out.
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
      url: new URL(offerPath, siteUrl).href,
      seller,
    },
    // From verified buyers' published reviews only (docs/product.md#keeping-in-touch).
    ...(rating
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.ratingValue,
            reviewCount: rating.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/**
 * The eBooks a page offers, in the page's order, as one list of Products, each rated from its
 * verified buyers' published reviews (docs/product.md#keeping-in-touch).
 */
export function productListData(
  products: readonly OfferedProduct[],
  siteUrl: string,
  reviews: readonly RatedReview[] = [],
) {
  const ratings = ratingsByProduct(
    reviews,
    products.map((product) => product.id),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    name: 'eBook Collection',
    numberOfItems: products.length,
    itemListElement: products.map((product, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      item: productData(product, siteUrl, OFFER_PATH, ratings.get(product.id) ?? null),
    })),
  };
}

/**
 * The membership as a Product offered on its own page, its price per billing period
 * ('$9.99 a month') as a unit price of one period, so that no reader takes it for a one-time price.
 */
export function membershipData(
  product: OfferedProduct & Pick<Product, 'interval'>,
  siteUrl: string,
) {
  const data = productData(product, siteUrl, MEMBERSHIP_PATH);
  const unitCode = product.interval ? PERIOD_UNIT_CODES[product.interval] : undefined;
  return {
    '@context': 'https://schema.org',
    ...data,
    offers: {
      ...data.offers,
      ...(unitCode && {
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: data.offers.price,
          priceCurrency: data.offers.priceCurrency,
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode },
        },
      }),
    },
  };
}
