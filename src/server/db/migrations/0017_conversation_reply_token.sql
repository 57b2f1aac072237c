ALTER TABLE "conversations" ADD COLUMN "reply_token" text;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_reply_token_unique" ON "conversations" USING btree ("reply_token");