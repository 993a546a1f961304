/**
 * The storefront's error reports (docs/reliability.md#telemetry-and-health): to SENTRY_DSN when
 * set, as the commerce service sends its own (@aba-shop/service-kit/error-reports); nothing
 * is sent without it.
 */
import 'server-only';
import { createErrorReporter, type ErrorReporter } from '@aba-shop/service-kit/error-reports';
import { storefrontConfig } from './config';

let reporter: ErrorReporter | undefined;

export function storefrontErrorReporter(): ErrorReporter {
  reporter ??= createErrorReporter(storefrontConfig().SENTRY_DSN, {
    service: 'storefront',
    environment: process.env.NODE_ENV ?? 'production',
  });
  return reporter;
}
