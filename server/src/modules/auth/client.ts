import { timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { OAuthError } from '../../platform/http/errors';
import { bladeClient } from '../system/client/client.tables';

export type ClientRow = typeof bladeClient.$inferSelect;

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** The Basic client header, checked against blade_client and the grants it may use. */
export async function authenticateClient(db: Db, header: string | undefined, grant: string): Promise<ClientRow> {
  const bad = new OAuthError('unauthorized', '客户端认证失败,请检查客户端ID与密钥', 401);
  if (!header || !/^basic /i.test(header)) throw bad;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const i = decoded.indexOf(':');
  if (i <= 0) throw bad;
  const [id, secret] = [decoded.slice(0, i), decoded.slice(i + 1)];
  const [client] = await db
    .select()
    .from(bladeClient)
    .where(and(eq(bladeClient.clientId, id), eq(bladeClient.isDeleted, 0)));
  if (!client || client.status !== 1 || !same(client.clientSecret, secret)) throw bad;
  if (
    !client.authorizedGrantTypes
      .split(',')
      .map((g) => g.trim())
      .includes(grant)
  )
    throw new OAuthError('invalid_client', `客户端未被授权使用该授权类型: ${grant}`);
  return client;
}
