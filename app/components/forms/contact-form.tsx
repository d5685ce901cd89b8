import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { useEffect, useId, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { WAITING_TO_SEND } from "../../lib/offline-texts";
import { postWhenOnline } from "../../lib/send-when-online";
import { toast } from "~/lib/toast";

export const CONTACT_ENDPOINT = "/api/contact_requests";

type FieldName =
  | "first_name"
  | "last_name"
  | "organization"
  | "email"
  | "phone"
  | "location"
  | "message"
  | "privacy_consent";

interface TextField {
  name: Exclude<FieldName, "privacy_consent">;
  label: string;
  type?: "text" | "email" | "tel";
  autoComplete: string;
  required?: boolean;
  wide?: boolean;
  multiline?: boolean;
}

const TEXT_FIELDS: readonly TextField[] = [
  { name: "first_name", label: "First name", autoComplete: "given-name", required: true },
  { name: "last_name", label: "Last name", autoComplete: "family-name", required: true },
  { name: "organization", label: "Organization", autoComplete: "organization" },
  { name: "email", label: "Official email", type: "email", autoComplete: "email", required: true },
  { name: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { name: "location", label: "Location", autoComplete: "country-name" },
  { name: "message", label: "Message", autoComplete: "off", required: true, wide: true, multiline: true },
];

const FIELD_ORDER: readonly FieldName[] = [...TEXT_FIELDS.map((f) => f.name), "privacy_consent"];

type Errors = Partial<Record<FieldName, string>>;
type Status =
  { kind: "idle" } | { kind: "sending" } | { kind: "waiting" } | { kind: "sent"; message: string };

const NETWORK_ERROR = "We could not send your message. Please check your connection and try again.";
const THANK_YOU =
  "Thank you! We have received your message and will get back to you within one business day.";

const subscribeNothing = () => () => {};

// The shared Zod schema is loaded on first use, so pages without a form interaction never download it.
const loadValidation = () => import("./contact-validation");

function readForm(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "");
  return {
    first_name: text("first_name"),
    last_name: text("last_name"),
    organization: text("organization"),
    email: text("email"),
    phone: text("phone"),
    location: text("location"),
    message: text("message"),
    privacy_consent: data.get("privacy_consent") === "on",
    url_hp: text("url_hp"),
  };
}

/** "Request a Demo or Contact Us": validated in the browser with the API's schema, sent as JSON. */
export function ContactForm({ className = "" }: { className?: string }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const confirmation = useRef<HTMLDivElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const [attempted, setAttempted] = useState(false);
  // Set in the same event as the first press: a second press of a double click finds it and sends nothing.
  const busy = useRef(false);
  // Until hydration the button is inert: a native submit would post the enquiry nowhere.
  const ready = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

  useEffect(() => {
    if (status.kind === "sent") confirmation.current?.focus();
  }, [status.kind]);

  const fieldId = (name: string) => `${id}-${name}`;
  const errorId = (name: string) => `${id}-${name}-error`;

  function focusFirstError(found: Errors) {
    const first = FIELD_ORDER.find((name) => found[name]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }

  async function revalidate() {
    if (!attempted || !form.current) return;
    const { validateContact } = await loadValidation();
    setErrors((validateContact(readForm(form.current)) ?? {}) as Errors);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setStatus({ kind: "sending" });
    try {
      await send(readForm(event.currentTarget));
    } catch {
      setStatus({ kind: "idle" });
      setFormError(NETWORK_ERROR);
      toast.error(NETWORK_ERROR);
    } finally {
      busy.current = false;
    }
  }

  async function send(values: ReturnType<typeof readForm>) {
    setAttempted(true);
    setFormError(null);
    const { validateContact } = await loadValidation();
    const invalid = validateContact(values) as Errors | null;
    if (invalid) {
      setStatus({ kind: "idle" });
      setErrors(invalid);
      focusFirstError(invalid);
      return;
    }
    setErrors({});
    // Offline, the typed text stays in the form and the enquiry goes out once the connection is back.
    const { response, arrivedBefore } = await postWhenOnline(CONTACT_ENDPOINT, values, {
      waiting: () => setStatus({ kind: "waiting" }),
      resumed: () => setStatus({ kind: "sending" }),
    });
    const body = (await response.json().catch(() => ({}))) as {
      message?: string;
      errors?: Record<string, string>;
    };
    if (response.status === 201 || arrivedBefore) {
      const message = (response.status === 201 && body.message) || THANK_YOU;
      form.current?.reset();
      setAttempted(false);
      setStatus({ kind: "sent", message });
      return;
    }
    setStatus({ kind: "idle" });
    if (response.status === 400 && body.errors) {
      const fields: Errors = {};
      let other: string | null = null;
      for (const [key, message] of Object.entries(body.errors)) {
        if ((FIELD_ORDER as readonly string[]).includes(key)) fields[key as FieldName] = message;
        else other ??= message;
      }
      setErrors(fields);
      if (other || Object.keys(fields).length === 0) setFormError(other ?? body.message ?? NETWORK_ERROR);
      focusFirstError(fields);
      return;
    }
    const message =
      response.status === 429
        ? body.message || "Too many requests. Please wait a few minutes and try again."
        : body.message || NETWORK_ERROR;
    setFormError(message);
    toast.error(message);
  }

  if (status.kind === "sent") {
    return (
      <div
        ref={confirmation}
        role="status"
        tabIndex={-1}
        className={`flex flex-col items-start gap-4 rounded-2xl border border-brand-100 bg-brand-50 p-8 outline-none ${className}`}
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

  const inputClass = (name: FieldName) =>
    `mt-1.5 block w-full rounded-lg border bg-white px-3.5 py-2.5 text-ink shadow-xs placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500/30 ${
      errors[name] ? "border-red-600" : "border-slate-300"
    }`;

  return (
    <form
      ref={form}
      method="post"
      noValidate
      onSubmit={onSubmit}
      onChange={() => void revalidate()}
      onFocus={() => void loadValidation()}
      className={`relative grid gap-5 sm:grid-cols-2 ${className}`}
      aria-describedby={`${id}-required`}
    >
      <p id={`${id}-required`} className="text-sm text-slate-600 sm:col-span-2">
        Fields marked <span aria-hidden="true">*</span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      {TEXT_FIELDS.map((field) => {
        const error = errors[field.name];
        const common = {
          id: fieldId(field.name),
          name: field.name,
          autoComplete: field.autoComplete,
          "aria-required": field.required || undefined,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": error ? errorId(field.name) : undefined,
          className: inputClass(field.name),
        };
        return (
          <div key={field.name} className={field.wide ? "sm:col-span-2" : undefined}>
            <label htmlFor={fieldId(field.name)} className="text-sm font-semibold text-navy-900">
              {field.label}
              {field.required && (
                <span aria-hidden="true" className="text-red-700">
                  {" "}
                  *
                </span>
              )}
            </label>
            {field.multiline ? (
              <textarea {...common} rows={5} maxLength={5000} />
            ) : (
              <input {...common} type={field.type ?? "text"} />
            )}
            {error && (
              <p id={errorId(field.name)} className="mt-1.5 text-sm font-medium text-red-700">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div className="sm:col-span-2">
        <div className="flex items-start gap-3">
          <input
            id={fieldId("privacy_consent")}
            name="privacy_consent"
            type="checkbox"
            aria-required="true"
            aria-invalid={errors.privacy_consent ? true : undefined}
            aria-describedby={errors.privacy_consent ? errorId("privacy_consent") : undefined}
            className="mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-brand-700"
          />
          <label htmlFor={fieldId("privacy_consent")} className="text-sm text-slate-700">
            I accept the{" "}
            <Link to="/privacy" className="font-semibold text-brand-700 underline">
              privacy policy
            </Link>{" "}
            and agree that GCC View 360 may store my details to respond to this enquiry.
            <span aria-hidden="true" className="text-red-700">
              {" "}
              *
            </span>
          </label>
        </div>
        {errors.privacy_consent && (
          <p id={errorId("privacy_consent")} className="mt-1.5 text-sm font-medium text-red-700">
            {errors.privacy_consent}
          </p>
        )}
      </div>
      {/* Honeypot: invisible to people and assistive technology; bots that fill it are turned away. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor={fieldId("url_hp")}>Leave this field empty</label>
        <input id={fieldId("url_hp")} name="url_hp" type="text" tabIndex={-1} autoComplete="off" />
      </div>
      {status.kind === "waiting" && (
        <p
          role="status"
          className="rounded-lg bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900 sm:col-span-2"
        >
          {WAITING_TO_SEND}
        </p>
      )}
      {formError && (
        <p
          role="alert"
          className="rounded-lg bg-red-50 px-4 py-3 text-sm font-medium text-red-800 sm:col-span-2"
        >
          {formError}
        </p>
      )}
      <div className="sm:col-span-2">
        <button
          type="submit"
          className="btn-primary w-full sm:w-auto"
          disabled={!ready || status.kind === "sending" || status.kind === "waiting"}
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
