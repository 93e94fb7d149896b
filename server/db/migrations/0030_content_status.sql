-- Blog posts and static pages the owner writes (issue 23): draft or published (rows before this were all shown, so
-- published), a picture for posts, and when each was last changed.
ALTER TABLE "blog_posts" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "image" text;--> statement-breakpoint
ALTER TABLE "blog_posts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "pages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;