import type { FastifyInstance } from 'fastify';
import { animalFlagRoutes } from './animal/animal-flag.routes';
import { animalRoutes } from './animal/animal.routes';
import { bizAttachRoutes } from './attach/biz-attach.routes';
import { cageBreederRoutes } from './cage/cage-breeder.routes';
import { cageViewRoutes } from './cage/cage-views.routes';
import { cageRoutes } from './cage/cage.routes';
import { feedbackRoutes } from './feedback/feedback.routes';
import { basicLogRoutes } from './keeper/basic-log.routes';
import { dietRoutes } from './diet';
import { humitureAlarmRoutes } from './humiture/alarm.routes';
import { humitureRoutes } from './humiture/humiture.routes';
import { parkRoutes } from './park/park.routes';
import { reportRoutes } from './report/report.routes';
import { populationRoutes } from './population/population.routes';
import { stockLogRoutes } from './stocklog/stocklog.routes';
import { speciesRoutes } from './species/species.routes';
import { studbookNightly } from './studbook/nightly';
import { studbookRoutes } from './studbook/studbook.routes';
import { transferRoutes } from './transfer/transfer.routes';
import { taxonomyRoutes } from './taxonomy/taxonomy.routes';
import { venueRoutes } from './venue/venue.routes';
import { vetRoutes } from './vet/vet.routes';
import { breedingRoutes } from './breeding/breeding.routes';
import { permitReportRoutes } from './permit/permit-report.routes';
import { permitRoutes } from './permit/permit.routes';
import { permitReminders } from './permit/reminders';
import { vaccinationReminders } from './vet/vaccination-reminders';
import { speciesStatusRoutes } from './permit/species-status';
import { qualityNightly } from './quality/nightly';
import { qualityRoutes } from './quality/quality.routes';
import { zooSpeciesRoutes } from './zoo-species/zoo-species.routes';
import { zooTenantRoutes } from './zoo-tenant/zoo-tenant.routes';

/** The zoo registry: platform taxonomy and species library, licence scopes, parks to cages, animals, populations. */
export const zooModules: Array<(app: FastifyInstance) => void> = [
  taxonomyRoutes,
  speciesRoutes,
  zooSpeciesRoutes,
  zooTenantRoutes,
  parkRoutes,
  venueRoutes,
  cageRoutes,
  cageBreederRoutes,
  cageViewRoutes,
  animalRoutes,
  animalFlagRoutes,
  populationRoutes,
  bizAttachRoutes,
  stockLogRoutes,
  transferRoutes,
  studbookRoutes,
  studbookNightly,
  basicLogRoutes,
  dietRoutes,
  feedbackRoutes,
  humitureRoutes,
  humitureAlarmRoutes,
  reportRoutes,
  vetRoutes,
  breedingRoutes,
  permitRoutes,
  permitReportRoutes,
  speciesStatusRoutes,
  permitReminders,
  vaccinationReminders,
  qualityRoutes,
  qualityNightly,
];
