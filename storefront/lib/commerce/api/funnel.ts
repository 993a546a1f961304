/**
 * The shop page's count of its own views (docs/product.md#sales-figures): a POST without a
 * body, of which the service keeps a count per day and nothing else. A count that fails is
 * lost, never shown: the page is for the parent, not for the figures.
 */
import { anyAnswer, callCommerce } from '../client';

export const SHOP_VIEW_PATH = '/api/funnel/shop-view';

export const countShopView = () =>
  callCommerce({ path: SHOP_VIEW_PATH, method: 'POST', answer: anyAnswer }).then(
    () => undefined,
    () => undefined,
  );
