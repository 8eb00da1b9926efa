ALTER TABLE "flow_timer" ALTER COLUMN "instance_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_definition" ADD COLUMN "calls" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_instance" ADD COLUMN "parent_instance_id" bigint;--> statement-breakpoint
ALTER TABLE "flow_instance" ADD COLUMN "parent_activity_id" varchar(255);--> statement-breakpoint
ALTER TABLE "flow_instance" ADD COLUMN "parent_execution_id" varchar(255);--> statement-breakpoint
ALTER TABLE "flow_timer" ADD COLUMN "definition_id" varchar(255);--> statement-breakpoint
CREATE INDEX "flow_instance_parent_idx" ON "flow_instance" USING btree ("parent_instance_id","parent_execution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "flow_timer_start_uq" ON "flow_timer" USING btree ("definition_id","activity_id") WHERE instance_id is null;