/**
 * The CMS's log (docs/reliability.md#telemetry-and-health): JSON lines on standard output, one
 * object a line with its `level`, `message` and `timestamp` (and `trace_id` on a request's line),
 * as the other services write them, wherever the CMS runs but in development, where Strapi's
 * own readable lines stay.
 */
import { winston } from '@strapi/logger';
import { cmsEnv } from '../src/env';

export default () =>
  cmsEnv().NODE_ENV === 'development'
    ? {}
    : {
        format: winston.format.combine(winston.format.timestamp(), winston.format.json()),
        transports: [new winston.transports.Console()],
      };
