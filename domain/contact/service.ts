import type { Database } from "../../db/client";
import { contactRequests } from "../../db/schema/index";
import { contactRequestSchema, type ContactRequestInput } from "../../schemas/contact";
import type { Mailer } from "../notifications/mailer";
import type { SettingsService } from "../settings/service";

export function createContactService(
  db: Database,
  deps: { mailer: Mailer; settings: SettingsService; onNotifyError: (error: unknown) => void },
) {
  return {
    /** Stores an enquiry, then tells the team; a failed notification never loses the enquiry. */
    async submit(input: ContactRequestInput) {
      const data = contactRequestSchema.parse(input);
      const [row] = await db
        .insert(contactRequests)
        .values({
          firstName: data.first_name,
          lastName: data.last_name,
          organization: data.organization,
          email: data.email,
          phone: data.phone,
          location: data.location,
          message: data.message,
        })
        .returning({ id: contactRequests.id, createdAt: contactRequests.createdAt });
      void deps.settings
        .get()
        .then((settings) =>
          deps.mailer.send({
            to: settings.info_email,
            subject: `New enquiry from ${data.first_name} ${data.last_name}${data.organization ? ` (${data.organization})` : ""}`,
            text: [
              `Name: ${data.first_name} ${data.last_name}`,
              `Organization: ${data.organization || "-"}`,
              `E-mail: ${data.email}`,
              `Phone: ${data.phone || "-"}`,
              `Location: ${data.location || "-"}`,
              "",
              data.message,
            ].join("\n"),
          }),
        )
        .catch(deps.onNotifyError);
      return row!;
    },
  };
}
