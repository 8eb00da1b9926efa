import type { FastifyInstance } from 'fastify';
import { administrationRoutes } from './administration.routes';
import { groupTreatmentRoutes } from './group-treatment.routes';
import { healthStatusRoutes } from './health-status.routes';
import { labImportRoutes } from './lab-import.routes';
import { labRefRoutes } from './lab-ref.routes';
import { necropsyRoutes } from './necropsy.routes';
import { quarantineRoutes } from './quarantine.routes';
import { timelineRoutes } from './timeline.routes';
import { vetDosingRoutes } from './vet-dosing.routes';
import { vetHomeRoutes } from './vet-home.routes';
import { vetRecordRoutes } from './vet-records.routes';
import { weightRefTransferRoutes } from './weight-ref-transfer.routes';

/** Veterinary care (decision 0038), under `/zoo-medical/`: one file per concern. */
export function vetRoutes(app: FastifyInstance): void {
  vetDosingRoutes(app);
  vetRecordRoutes(app);
  quarantineRoutes(app);
  necropsyRoutes(app);
  healthStatusRoutes(app);
  timelineRoutes(app);
  vetHomeRoutes(app);
  administrationRoutes(app);
  groupTreatmentRoutes(app);
  weightRefTransferRoutes(app);
  labImportRoutes(app);
  labRefRoutes(app);
}
