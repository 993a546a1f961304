/**
 * The shop's health for the console's status panel (docs/product.md#shop-health); failures are
 * `{ error }` in Italian.
 */
import type { ShopHealth } from '@aba-shop/contract';
import { callCommerce, type CommerceTransport } from '../client';
import { jsonSchemaAnswer } from '../json-schema-answer';
import shopHealth from '../contract-schemas/shop-health.json';

export const SHOP_HEALTH_PATH = '/api/admin/health';

export const fetchShopHealth = (transport: CommerceTransport = {}) =>
  callCommerce(
    {
      path: SHOP_HEALTH_PATH,
      answer: jsonSchemaAnswer<ShopHealth>(shopHealth),
      failureField: 'error',
    },
    { ...transport, init: { cache: 'no-store' } },
  );
