ALTER TABLE "sys_token" ADD COLUMN "family" varchar(64);--> statement-breakpoint
CREATE INDEX "sys_token_family_idx" ON "sys_token" USING btree ("family");