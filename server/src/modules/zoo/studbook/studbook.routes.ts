/** The studbook's endpoints (decision 0037), one file per concern. */
import type { FastifyInstance } from 'fastify';
import { studbookExportRoutes } from './studbook-export.routes';
import { studbookImportRoutes } from './studbook-import.routes';
import { studbookFigureRoutes } from './studbook-figures.routes';
import { studbookPedigreeRoutes } from './studbook-pedigree.routes';
import { studbookRecordRoutes } from './studbook-records.routes';

export function studbookRoutes(app: FastifyInstance): void {
  studbookFigureRoutes(app);
  studbookPedigreeRoutes(app);
  studbookRecordRoutes(app);
  studbookExportRoutes(app);
  studbookImportRoutes(app);
}
