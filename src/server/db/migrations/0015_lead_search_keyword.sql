ALTER TABLE "leads" ADD COLUMN "search_keyword" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "search_keyword_from" text;