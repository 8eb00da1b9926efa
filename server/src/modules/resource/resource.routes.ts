import type { FastifyInstance } from 'fastify';
import { attachRoutes } from './attach/attach.routes';
import { ossRoutes } from './oss/oss.routes';
import { smsRoutes } from './sms/sms.routes';
import { uploadRoutes } from './attach/upload.routes';

/** /blade-resource: object storage, uploads, attachments and SMS. */
export function resourceRoutes(app: FastifyInstance): void {
  ossRoutes(app);
  uploadRoutes(app);
  attachRoutes(app);
  smsRoutes(app);
}
