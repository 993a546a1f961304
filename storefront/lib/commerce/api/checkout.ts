/**
 * Starting a payment (docs/product.md#api): the shop's Buy Now and the cart's Checkout. Only
 * product ids and quantities leave the browser; the service prices the order.
 */
import type { CreateCheckoutSessionBody, Product } from '@aba-shop/contract';
import { callCommerce } from '../client';
import checkoutSession from '../contract-schemas/checkout-session.json';
import productList from '../contract-schemas/product-list.json';
import { jsonSchemaAnswer } from '../json-schema-answer';

export const fetchProducts = () =>
  callCommerce({ path: '/api/products', answer: jsonSchemaAnswer<Product[]>(productList) });

/** Where the payment provider sends the buyer back to. */
export const CHECKOUT_RETURN_ROUTES = {
  successRouter: '/checkout/success',
  cancelRouter: '/checkout/cancel',
} as const;

/** The payment page's address. */
export const createCheckoutSession = async (products: CreateCheckoutSessionBody['products']) =>
  (
    await callCommerce({
      path: '/api/create-checkout-session',
      method: 'POST',
      body: { products, ...CHECKOUT_RETURN_ROUTES } satisfies CreateCheckoutSessionBody,
      answer: jsonSchemaAnswer<{ checkoutUrl: string }>(checkoutSession),
    })
  ).checkoutUrl;
