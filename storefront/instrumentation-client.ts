/**
 * Runs in the browser before the app becomes interactive. Zod compiles its parsers with
 * `new Function` where it may, and probes for that on the first parse; the content security
 * policy (no eval in production) refuses the probe and reports it as a violation on every page
 * that checks a commerce answer. Without the probe zod parses as it must under the policy anyway.
 */
import { z } from 'zod';

z.config({ jitless: true });
