/**
 * Imported once at server start (Node.js runtime only) by instrumentation.ts: a bad
 * configuration, or a production server without what a live shop needs, stops with one line
 * per problem.
 */
import { storefrontConfig } from './config';
import { blockingProblems, checkProductionSettings } from './production-settings';

function stop(lines: string[]): never {
  for (const line of lines) console.error(`storefront: ${line}`);
  process.exit(1);
}

try {
  storefrontConfig();
} catch (error) {
  stop([(error as Error).message]);
}

// `next build` loads the app too, with no runtime settings; only a serving server is checked.
if (process.env.NODE_ENV === 'production' && process.env.NEXT_PHASE !== 'phase-production-build') {
  const problems = blockingProblems(checkProductionSettings(process.env));
  if (problems.length > 0) stop(problems);
}
