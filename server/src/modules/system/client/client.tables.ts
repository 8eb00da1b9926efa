import { integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { baseCols, idCol } from '../../../db/columns';

export const bladeClient = pgTable(
  'blade_client',
  {
    id: idCol(),
    clientId: varchar('client_id', { length: 48 }).notNull(),
    clientSecret: varchar('client_secret', { length: 256 }).notNull(),
    resourceIds: varchar('resource_ids', { length: 256 }).notNull().default(''),
    scope: varchar('scope', { length: 256 }).notNull().default('all'),
    authorizedGrantTypes: varchar('authorized_grant_types', { length: 256 }).notNull(),
    webServerRedirectUri: varchar('web_server_redirect_uri', { length: 256 }).notNull().default(''),
    authorities: varchar('authorities', { length: 256 }).notNull().default(''),
    accessTokenValidity: integer('access_token_validity').notNull(),
    refreshTokenValidity: integer('refresh_token_validity').notNull(),
    additionalInformation: varchar('additional_information', { length: 4096 }).notNull().default(''),
    autoapprove: varchar('autoapprove', { length: 256 }).notNull().default(''),
    ...baseCols(),
  },
  (t) => [
    uniqueIndex('blade_client_uq')
      .on(t.clientId)
      .where(sql`is_deleted = 0`),
  ],
);
