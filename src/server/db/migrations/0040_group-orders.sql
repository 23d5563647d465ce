CREATE TABLE "group_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"group_order_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"menu_item_id" uuid NOT NULL,
	"option_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_order_lines_quantity" CHECK ("group_order_lines"."quantity" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "group_order_members" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"group_order_id" uuid NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"member_token_hash" text,
	"is_host" boolean DEFAULT false NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_order_members_who" CHECK ("group_order_members"."user_id" is not null or "group_order_members"."member_token_hash" is not null)
);
--> statement-breakpoint
CREATE TABLE "group_orders" (
	"id" uuid PRIMARY KEY DEFAULT uuid_v7() NOT NULL,
	"host_user_id" text NOT NULL,
	"site_id" uuid NOT NULL,
	"link_token_hash" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"max_members" smallint NOT NULL,
	"max_lines" smallint NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" uuid,
	"split" jsonb,
	"ended_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_orders_status" CHECK ("group_orders"."status" in ('open', 'locked', 'ordered', 'cancelled', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "group_order_lines" ADD CONSTRAINT "group_order_lines_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_order_lines" ADD CONSTRAINT "group_order_lines_member_id_group_order_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."group_order_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_order_lines" ADD CONSTRAINT "group_order_lines_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_order_members" ADD CONSTRAINT "group_order_members_group_order_id_group_orders_id_fk" FOREIGN KEY ("group_order_id") REFERENCES "public"."group_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_order_members" ADD CONSTRAINT "group_order_members_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_host_user_id_user_id_fk" FOREIGN KEY ("host_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_orders" ADD CONSTRAINT "group_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_order_lines_group" ON "group_order_lines" USING btree ("group_order_id");--> statement-breakpoint
CREATE INDEX "group_order_members_group" ON "group_order_members" USING btree ("group_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_order_members_user" ON "group_order_members" USING btree ("group_order_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_order_members_token" ON "group_order_members" USING btree ("member_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "group_orders_link_token_hash" ON "group_orders" USING btree ("link_token_hash");--> statement-breakpoint
CREATE INDEX "group_orders_host" ON "group_orders" USING btree ("host_user_id");--> statement-breakpoint
CREATE INDEX "group_orders_open_expiry" ON "group_orders" USING btree ("expires_at") WHERE "group_orders"."status" in ('open', 'locked');