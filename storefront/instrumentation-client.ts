/**
 * Runs in the browser before the app becomes interactive. Zod compiles its parsers with
 * `new Function` where it may, and probes for that on the first parse; the content security
 * policy (no eval in production) refuses the probe and reports it as a violation on every page
 * that checks a commerce answer. Zod's `jitless` flag skips the probe.
 *
 * The flag is set where `z.config()` writes it, zod's global configuration object, instead of
 * through an import: importing zod here would put it in the browser code of every page. The
 * CSP journey in tests/e2e/security-content-policy.spec.ts fails if zod stops reading it.
 */
type WithZodConfig = { __zod_globalConfig?: { jitless?: boolean } };

const zodHolder = globalThis as WithZodConfig;
zodHolder.__zod_globalConfig ??= {};
zodHolder.__zod_globalConfig.jitless = true;
