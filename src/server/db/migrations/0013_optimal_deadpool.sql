CREATE TABLE "seo_keyword_sites" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"site_url" text NOT NULL,
	"synced_at" timestamp with time zone,
	"sync_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seo_keyword_sites" ADD CONSTRAINT "seo_keyword_sites_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;