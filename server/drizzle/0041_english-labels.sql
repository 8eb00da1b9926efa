ALTER TABLE "blade_dict" ADD COLUMN "dict_value_en" varchar(255) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "blade_dict_biz" ADD COLUMN "dict_value_en" varchar(255) DEFAULT '' NOT NULL;