import { formFields, type FormAnswer } from "./validate";

/** The contact form's fields in page order, and their labels (the error summary names them). */
export const CONTACT_LABELS = {
  first_name: "First name",
  last_name: "Last name",
  organization: "Organization",
  email: "Official email",
  phone: "Phone",
  location: "Location",
  message: "Message",
  privacy_consent: "Privacy policy",
} as const;
export type ContactField = keyof typeof CONTACT_LABELS;
export const CONTACT_FIELDS = Object.keys(CONTACT_LABELS) as ContactField[];

export const NETWORK_ERROR = "We could not send your message. Please check your connection and try again.";
export const TOO_MANY = "Too many requests. Please wait a few minutes and try again.";
export const THANK_YOU =
  "Thank you! We have received your message and will get back to you within one business day.";

/** What the contact page's action answers: the form again, or the API's thanks. */
export type ContactAnswer = FormAnswer<ContactField> | { sent: string };

/** The form's fields as typed ("on" for a ticked box), and its honeypot. */
export const readContact = (form: FormData) => formFields(form, [...CONTACT_FIELDS, "url_hp"]);

/** The API's body (POST /api/contact_requests) for the typed fields. */
export const contactBody = (values: Record<string, string>) => ({
  ...values,
  privacy_consent: values.privacy_consent === "on",
});
