-- Trigram search over name, service and location. pg_trgm is a trusted extension (PG 13+), so a
-- database owner without superuser can create it; PGlite loads it from its contrib bundle.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "leads_tenant_status_idx";--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "score_model" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "qualified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "leads_tenant_status_created_idx" ON "leads" USING btree ("tenant_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_tenant_priority_created_idx" ON "leads" USING btree ("tenant_id","priority","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "leads_search_trgm_idx" ON "leads" USING gin ((name || ' ' || service || ' ' || location) gin_trgm_ops);