CREATE TABLE "audience_counts" (
	"day" text NOT NULL,
	"path" text NOT NULL,
	"measure" text NOT NULL,
	"value" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "audience_counts_day_path_measure_value_pk" PRIMARY KEY("day","path","measure","value")
);
--> statement-breakpoint
CREATE TABLE "audience_titles" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"day" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_vitals" (
	"day" text NOT NULL,
	"kind" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" integer NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "audience_vitals_day_kind_metric_bucket_pk" PRIMARY KEY("day","kind","metric","bucket")
);
