CREATE TABLE "blade_identity_provider" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"source" varchar(32) NOT NULL,
	"name" varchar(64) NOT NULL,
	"issuer" varchar(512) DEFAULT '' NOT NULL,
	"authorization_endpoint" varchar(512) DEFAULT '' NOT NULL,
	"token_endpoint" varchar(512) DEFAULT '' NOT NULL,
	"userinfo_endpoint" varchar(512) DEFAULT '' NOT NULL,
	"jwks_uri" varchar(512) DEFAULT '' NOT NULL,
	"client_id" varchar(255) NOT NULL,
	"client_secret_enc" varchar(1024) DEFAULT '' NOT NULL,
	"scopes" varchar(255) DEFAULT 'openid profile email' NOT NULL,
	"claim_account" varchar(64) DEFAULT 'preferred_username' NOT NULL,
	"claim_name" varchar(64) DEFAULT 'name' NOT NULL,
	"claim_email" varchar(64) DEFAULT 'email' NOT NULL,
	"claim_phone" varchar(64) DEFAULT 'phone_number' NOT NULL,
	"sort" integer DEFAULT 1 NOT NULL,
	"create_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"create_dept" bigint DEFAULT nullif(current_setting('app.dept_id', true), '')::bigint,
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_user" bigint DEFAULT nullif(current_setting('app.user_id', true), '')::bigint,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"is_deleted" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_identity_provider" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "blade_user_oauth" (
	"id" bigint PRIMARY KEY DEFAULT next_id() NOT NULL,
	"tenant_id" varchar(12) DEFAULT current_setting('app.tenant_id') NOT NULL,
	"source" varchar(32) NOT NULL,
	"uuid" varchar(255) NOT NULL,
	"user_id" bigint,
	"username" varchar(255) DEFAULT '' NOT NULL,
	"nickname" varchar(255) DEFAULT '' NOT NULL,
	"avatar" varchar(1000) DEFAULT '' NOT NULL,
	"email" varchar(255) DEFAULT '' NOT NULL,
	"phone" varchar(64) DEFAULT '' NOT NULL,
	"bind_ticket" varchar(64),
	"bind_expire" timestamp(0),
	"create_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL,
	"update_time" timestamp(0) DEFAULT localtimestamp(0) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blade_user_oauth" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sys_auth_code" (
	"code_hash" varchar(64) PRIMARY KEY NOT NULL,
	"client_id" varchar(48) NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"user_id" bigint NOT NULL,
	"role_id" varchar(1000) DEFAULT '' NOT NULL,
	"dept_id" varchar(1000) DEFAULT '' NOT NULL,
	"redirect_uri" varchar(1000) NOT NULL,
	"code_challenge" varchar(128) NOT NULL,
	"expire_time" timestamp(0) NOT NULL,
	"use_time" timestamp(0)
);
--> statement-breakpoint
CREATE TABLE "sys_oauth_state" (
	"state" varchar(64) PRIMARY KEY NOT NULL,
	"tenant_id" varchar(12) NOT NULL,
	"source" varchar(32) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"redirect_uri" varchar(1000) NOT NULL,
	"expire_time" timestamp(0) NOT NULL,
	"use_time" timestamp(0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blade_identity_provider_uq" ON "blade_identity_provider" USING btree ("tenant_id","source") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_oauth_uq" ON "blade_user_oauth" USING btree ("tenant_id","source","uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_user_oauth_ticket_uq" ON "blade_user_oauth" USING btree ("bind_ticket");--> statement-breakpoint
CREATE INDEX "blade_user_oauth_user_idx" ON "blade_user_oauth" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "sys_auth_code_expire_idx" ON "sys_auth_code" USING btree ("expire_time");--> statement-breakpoint
CREATE INDEX "sys_oauth_state_expire_idx" ON "sys_oauth_state" USING btree ("expire_time");--> statement-breakpoint
CREATE POLICY "blade_identity_provider_tenant_isolation" ON "blade_identity_provider" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "blade_user_oauth_tenant_isolation" ON "blade_user_oauth" AS PERMISSIVE FOR ALL TO public USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));