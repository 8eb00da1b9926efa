import type { FastifyInstance } from 'fastify';
import { sealingKey } from '../../../platform/crypto/sealing-keys';

/** The key sealing identity providers' client secrets: SECRET_KEY (hex) when set, else the generated `secret-box` key. */
export const providerKey = (app: FastifyInstance): Promise<Buffer> =>
  sealingKey(app.zoo.database.db, 'secret-box', app.zoo.config.secretKey ? Buffer.from(app.zoo.config.secretKey, 'hex') : undefined);
