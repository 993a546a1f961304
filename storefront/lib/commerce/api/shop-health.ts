/**
 * The shop's health for the console's status panel (docs/product.md#shop-health); failures are
 * `{ error }` in Italian.
 */
import type { ShopHealth } from '@aba-shop/contract';
import { callCommerce } from '../client';
import { jsonSchemaAnswer } from '../json-schema-answer';
import shopHealth from '../contract-schemas/shop-health.json';

export const SHOP_HEALTH_PATH = '/api/admin/health';

export const fetchShopHealth = () =>
  callCommerce(
    {
      path: SHOP_HEALTH_PATH,
      answer: jsonSchemaAnswer<ShopHealth>(shopHealth),
      failureField: 'error',
    },
    { init: { cache: 'no-store' } },
  );
