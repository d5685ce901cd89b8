import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { WAITING_TO_SEND } from "#app/lib/offline-texts.ts";
import { postWhenOnline } from "#app/lib/send-when-online.ts";
import { toast } from "#app/lib/toast.tsx";
import { FormTop } from "./error-summary";
import { CheckboxField, Field, Honeypot, TextAreaField } from "./field";
import { refusalOf, type FormAnswer } from "./validate";
import {
  CONTACT_FIELDS,
  CONTACT_LABELS,
  contactBody,
  NETWORK_ERROR,
  readContact,
  THANK_YOU,
  TOO_MANY,
  type ContactAnswer,
  type ContactField,
} from "./contact-fields";

const CONTACT_ENDPOINT = "/api/contact_requests";

type Status =
  { kind: "idle" } | { kind: "sending" } | { kind: "waiting" } | { kind: "sent"; message: string };

const EMPTY: FormAnswer<ContactField> = {
  values: Object.fromEntries(CONTACT_FIELDS.map((name) => [name, ""])) as Record<ContactField, string>,
  errors: {},
};

// The shared Zod schema is loaded on first use, so pages without a form interaction never download it.
const loadValidation = () => import("./contact-validation");

/**
 * "Request a Demo or Contact Us". With JavaScript it is checked with the API's schema and sent as JSON;
 * without (or before the script has loaded) it posts to /contact, whose action checks it with the same schema
 * and sends it to the same API route (`answer` is that action's answer).
 */
export function ContactForm({ className = "", answer }: { className?: string; answer?: ContactAnswer }) {
  const form = useRef<HTMLFormElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<FormAnswer<ContactField>>(answer && "values" in answer ? answer : EMPTY);
  const [status, setStatus] = useState<Status>(
    answer && "sent" in answer ? { kind: "sent", message: answer.sent } : { kind: "idle" },
  );
  const [attempt, setAttempt] = useState(0);
  // Set in the same event as the first press: a second press of a double click finds it and sends nothing.
  const busy = useRef(false);

  useEffect(() => {
    if (status.kind === "sent") confirmation.current?.focus();
  }, [status.kind]);

  const refuse = (values: FormAnswer<ContactField>["values"], refusal: Omit<FormAnswer, "values">) => {
    setStatus({ kind: "idle" });
    setState({ values, ...refusal });
    setAttempt((n) => n + 1);
  };

  async function revalidate() {
    if (attempt === 0 || !form.current) return;
    const { validateContact } = await loadValidation();
    const values = readContact(new FormData(form.current));
    setState((s) => ({ ...s, errors: validateContact(contactBody(values)) ?? {} }));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setStatus({ kind: "sending" });
    const values = readContact(new FormData(event.currentTarget));
    try {
      await send(values);
    } catch {
      refuse(values, { errors: {}, message: NETWORK_ERROR });
      toast.error(NETWORK_ERROR);
    } finally {
      busy.current = false;
    }
  }

  async function send(values: FormAnswer<ContactField>["values"]) {
    const { validateContact } = await loadValidation();
    const invalid = validateContact(contactBody(values));
    if (invalid) return refuse(values, { errors: invalid });
    // Offline, the typed text stays in the form and the enquiry goes out once the connection is back.
    const { response, arrivedBefore } = await postWhenOnline(CONTACT_ENDPOINT, contactBody(values), {
      waiting: () => setStatus({ kind: "waiting" }),
      resumed: () => setStatus({ kind: "sending" }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      message?: string;
      errors?: Record<string, string>;
    };
    if (response.status === 201 || arrivedBefore) {
      setState(EMPTY);
      setAttempt(0);
      setStatus({ kind: "sent", message: (response.status === 201 && body.message) || THANK_YOU });
      return;
    }
    const refusal = refusalOf(body, CONTACT_FIELDS, response.status === 429 ? TOO_MANY : NETWORK_ERROR);
    refuse(values, refusal);
    if (response.status !== 400) toast.error(refusal.message ?? NETWORK_ERROR);
  }

  if (status.kind === "sent") {
    return (
      <div
        ref={confirmation}
        role="status"
        tabIndex={-1}
        className={`flex scroll-mt-24 flex-col items-start gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-8 outline-none ${className}`}
      >
        <CheckCircle2 aria-hidden="true" className="size-10 text-brand-700" />
        <h3 className="text-xl font-bold text-navy-900">Message sent</h3>
        <p className="text-slate-700">{status.message}</p>
        <button type="button" className="btn-secondary" onClick={() => setStatus({ kind: "idle" })}>
          Send another message
        </button>
      </div>
    );
  }

  const { values, errors } = state;
  const text = (name: Exclude<ContactField, "message" | "privacy_consent">, more: object) => (
    <Field
      name={name}
      label={CONTACT_LABELS[name]}
      defaultValue={values[name]}
      error={errors[name]}
      {...more}
    />
  );
  return (
    <form
      ref={form}
      // Without JavaScript every page's copy of the form posts to the contact page, which answers it.
      method="post"
      action="/contact"
      noValidate
      onSubmit={onSubmit}
      onChange={() => void revalidate()}
      onFocus={() => void loadValidation()}
      className={`relative grid scroll-mt-24 gap-5 sm:grid-cols-2 ${className}`}
    >
      <FormTop attempt={attempt} title="Your message was not sent" answer={state} labels={CONTACT_LABELS} />
      {text("first_name", { autoComplete: "given-name", required: true })}
      {text("last_name", { autoComplete: "family-name", required: true })}
      {text("organization", { autoComplete: "organization" })}
      {text("email", { type: "email", autoComplete: "email", required: true })}
      {text("phone", { type: "tel", autoComplete: "tel" })}
      {text("location", { autoComplete: "country-name" })}
      <TextAreaField
        name="message"
        label={CONTACT_LABELS.message}
        defaultValue={values.message}
        error={errors.message}
        required
        rows={5}
        maxLength={5000}
        autoComplete="off"
        frameClassName="sm:col-span-2"
      />
      <div className="sm:col-span-2">
        <CheckboxField
          name="privacy_consent"
          error={errors.privacy_consent}
          defaultChecked={values.privacy_consent === "on"}
          required
        >
          I accept the{" "}
          <Link to="/privacy" className="font-semibold text-brand-700 underline">
            privacy policy
          </Link>{" "}
          and agree that GCC View 360 may store my details to respond to this enquiry.
        </CheckboxField>
      </div>
      <Honeypot />
      {status.kind === "waiting" && (
        <p
          role="status"
          className="rounded-lg bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 sm:col-span-2"
        >
          {WAITING_TO_SEND}
        </p>
      )}
      <div className="sm:col-span-2">
        <button
          type="submit"
          className="btn-primary w-full sm:w-auto"
          disabled={status.kind === "sending" || status.kind === "waiting"}
        >
          {status.kind === "sending"
            ? "Sending..."
            : status.kind === "waiting"
              ? "Waiting to send..."
              : "Send message"}
        </button>
      </div>
    </form>
  );
}
