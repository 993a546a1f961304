import type { ModuleRoutes } from '../../module-routes.ts';
import { runPeriodically } from '../../periodic-pass.ts';
import { sendDueFollowUps, type FollowUpsDependencies } from './service.ts';

/**
 * The schedule's pass on every instance (docs/product.md#keeping-in-touch): at start and every
 * SCHEDULED_MESSAGES_INTERVAL_MS; the follow-ups have no route of their own.
 */
export const followUpPasses: ModuleRoutes<FollowUpsDependencies> = async (app, { deps }) => {
  runPeriodically(app, {
    everyMs: deps.config.SCHEDULED_MESSAGES_INTERVAL_MS,
    pass: () => sendDueFollowUps(deps, app.log),
    what: 'scheduled messages sent',
  });
};
