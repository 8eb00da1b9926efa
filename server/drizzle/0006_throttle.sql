CREATE TABLE "sys_throttle" (
	"bucket" varchar(32) NOT NULL,
	"key" varchar(255) NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"window_end" timestamp(0) NOT NULL,
	CONSTRAINT "sys_throttle_bucket_key_pk" PRIMARY KEY("bucket","key")
);
--> statement-breakpoint
CREATE INDEX "sys_throttle_window_idx" ON "sys_throttle" USING btree ("window_end");