CREATE TABLE "thread_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"enquiry_id" integer,
	"application_id" integer,
	"direction" text NOT NULL,
	"operator_id" integer,
	"operator_name" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"mail_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "thread_messages_one_record" CHECK (num_nonnulls("thread_messages"."enquiry_id", "thread_messages"."application_id") = 1),
	CONSTRAINT "thread_messages_direction_check" CHECK ("thread_messages"."direction" in ('in', 'out'))
);
--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_enquiry_id_contact_requests_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."contact_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_application_id_job_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."job_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "thread_messages" ADD CONSTRAINT "thread_messages_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "thread_messages_enquiry_idx" ON "thread_messages" USING btree ("enquiry_id","created_at") WHERE "thread_messages"."enquiry_id" is not null;--> statement-breakpoint
CREATE INDEX "thread_messages_application_idx" ON "thread_messages" USING btree ("application_id","created_at") WHERE "thread_messages"."application_id" is not null;