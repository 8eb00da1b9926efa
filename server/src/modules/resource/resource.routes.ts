import type { FastifyInstance } from 'fastify';
import { attachRoutes } from './attach.routes';
import { ossRoutes } from './oss.routes';
import { smsRoutes } from './sms.routes';
import { uploadRoutes } from './upload.routes';

/** /blade-resource: object storage, uploads, attachments and SMS. */
export function resourceRoutes(app: FastifyInstance): void {
  ossRoutes(app);
  uploadRoutes(app);
  attachRoutes(app);
  smsRoutes(app);
}
