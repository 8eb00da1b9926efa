import type { FastifyInstance } from 'fastify';
import { dietPlanRoutes } from './diet-plan.routes';
import { feedingRoutes } from './feeding.routes';
import { intakeRoutes } from './intake.routes';
import { roundFeedingRoutes } from './round-feedings.routes';
import { syncRoutes } from './sync.routes';

/** Diet plans, feedings, intake roll-ups and the offline round's sync (decision 0046). */
export function dietRoutes(app: FastifyInstance): void {
  dietPlanRoutes(app);
  feedingRoutes(app);
  intakeRoutes(app);
  roundFeedingRoutes(app);
  syncRoutes(app);
}
