CREATE UNIQUE INDEX "blade_dict_key_uq" ON "blade_dict" USING btree ("code","dict_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_dict_biz_key_uq" ON "blade_dict_biz" USING btree ("tenant_id","code","dict_key") WHERE is_deleted = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "blade_top_menu_setting_uq" ON "blade_top_menu_setting" USING btree ("tenant_id","top_menu_id","menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_role_menu_uq" ON "blade_role_menu" USING btree ("tenant_id","role_id","menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "blade_role_scope_uq" ON "blade_role_scope" USING btree ("tenant_id","role_id","scope_category","scope_id");--> statement-breakpoint
CREATE INDEX "blade_scope_api_menu_idx" ON "blade_scope_api" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "blade_scope_data_menu_idx" ON "blade_scope_data" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "blade_scope_data_resource_idx" ON "blade_scope_data" USING btree ("resource_code");