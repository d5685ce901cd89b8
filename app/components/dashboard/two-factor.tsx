import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { CodeField } from "#app/components/dashboard/field.tsx";
import { ConfirmModal } from "#app/components/dashboard/modal.tsx";
import { Loading, Spinner } from "#app/components/dashboard/spinner.tsx";
import { ApiError, call, request } from "#app/lib/dashboard/api.ts";
import { formatDateTime } from "#shared/india-time.ts";
import { useConsoleMutation } from "#app/lib/dashboard/mutation.ts";
import { setToken } from "#app/lib/dashboard/session.ts";
import { toast } from "#app/lib/toast.tsx";
import type { TwoFactorSetup } from "#schemas/two-factor.ts";

export const TWO_FACTOR_STATUS = "/api/auth/two_factor";

const errorText = (error: unknown) =>
  error instanceof ApiError ? (error.fields.code ?? error.message) : "Something went wrong. Try again.";

/** The key in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/**
 * Enrolment: a new key (QR code drawn by our server, and the key in text), then the first code from the
 * app; only then is two-factor sign-in on, and the recovery codes are shown once.
 */
export function TwoFactorSetupForm({ onDone, onEnabled }: { onDone: () => void; onEnabled?: () => void }) {
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const focusCode = () => document.getElementById("field-code")?.focus();
  // The key is on screen: the next thing to do is type the app's code.
  useEffect(() => {
    if (setup) focusCode();
  }, [setup]);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      setSetup((await call("POST /api/auth/two_factor/setup")).data);
    } catch (caught) {
      toast.error(errorText(caught));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!setup) return;
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ""))) {
      setError("Enter the 6-digit code from your authenticator app");
      focusCode();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await call("POST /api/auth/two_factor/enable", {
        body: { setup_token: setup.setup_token, code },
      });
      if (answer.data.access_token) setToken(answer.data.access_token);
      setCodes(answer.data.recovery_codes);
      onEnabled?.();
      toast.success("Two-factor sign-in is on.");
    } catch (caught) {
      setError(errorText(caught));
      focusCode();
    } finally {
      setBusy(false);
    }
  };

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;
  if (!setup)
    return (
      <div>
        <button type="button" className="btn-primary" onClick={start} disabled={busy}>
          {busy ? <Spinner /> : null} Set up two-factor sign-in
        </button>
      </div>
    );
  return (
    <form onSubmit={confirm} noValidate className="grid gap-4">
      <ol className="grid list-decimal gap-3 pl-5 text-sm text-slate-700">
        <li>
          Open an authenticator app (such as Google Authenticator, Microsoft Authenticator, 1Password or
          Aegis) and scan this QR code:
          <img
            src={setup.qr_code}
            alt="QR code with your two-factor key, for your authenticator app"
            width={192}
            height={192}
            className="mt-2 size-48 rounded border border-slate-200 bg-white"
          />
        </li>
        <li>
          Or type this key into the app:
          <code
            data-testid="two-factor-key"
            className="mt-1 block break-words rounded bg-slate-100 px-3 py-2 font-mono text-base text-slate-900"
          >
            {grouped(setup.secret)}
          </code>
          <span className="mt-2 flex flex-wrap gap-2">
            <CopyButton text={setup.secret} label="Copy key" />
            {/* On the phone that holds the app, which cannot scan its own screen. */}
            <a className="btn-secondary" href={setup.otpauth_uri}>
              Open in authenticator app
            </a>
          </span>
        </li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <CodeField label="Code from the app" name="code" value={code} onChange={setCode} error={error} />
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? <Spinner /> : null} Turn on two-factor sign-in
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={busy}
          onClick={() => {
            setSetup(null);
            setCode("");
            setError(null);
          }}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Recovery codes, shown this once: a list to copy or download, and a button once they are saved. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const href = useMemo(
    () => URL.createObjectURL(new Blob([`${codes.join("\n")}\n`], { type: "text/plain" })),
    [codes],
  );
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="grid gap-4">
      <h3 ref={heading} tabIndex={-1} className="text-base font-semibold text-navy-900">
        Your recovery codes
      </h3>
      <p className="text-sm text-slate-700">
        Each code signs you in once if you lose your phone. Save them somewhere safe now: they will not be
        shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-1 rounded bg-slate-100 p-3 font-mono text-slate-900 sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <CopyButton text={codes.join("\n")} label="Copy codes" />
        <a className="btn-secondary" href={href} download="gcc-console-recovery-codes.txt">
          Download codes
        </a>
        <button type="button" className="btn-primary" onClick={onDone}>
          I have saved my recovery codes
        </button>
      </div>
    </div>
  );
}

/** "Two-factor sign-in" on Your account: set it up, or see it is on and make new recovery codes. */
export function TwoFactorSection() {
  const client = useQueryClient();
  const status = useQuery({
    queryKey: [TWO_FACTOR_STATUS],
    queryFn: async () => (await call("GET /api/auth/two_factor")).data,
  });
  // On from the moment the code is accepted, while the recovery codes are still on screen.
  const [enabledNow, setEnabledNow] = useState(false);
  const refresh = () => {
    setEnabledNow(false);
    return client.invalidateQueries({ queryKey: [TWO_FACTOR_STATUS] });
  };
  const data = status.data;
  return (
    <section
      aria-labelledby="two-factor-heading"
      className="grid gap-4 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 id="two-factor-heading" className="text-lg font-semibold text-navy-900">
        Two-factor sign-in
      </h2>
      {!data ? (
        <Loading
          label="Loading…"
          failed={status.isError}
          failure="Could not load your two-factor settings."
        />
      ) : data.enabled ? (
        <>
          <p className="text-sm text-slate-700">
            <span className="font-semibold text-emerald-800">On</span>
            {data.enabled_at ? ` since ${formatDateTime(data.enabled_at)}` : ""}. Each sign-in asks for a code
            from your authenticator app.
          </p>
          <p className="text-sm text-slate-700" data-testid="recovery-codes-left">
            {data.recovery_codes_left} of 10 recovery codes left.
          </p>
          {data.few_recovery_codes ? (
            <p
              role="status"
              className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
            >
              <strong>Few recovery codes left.</strong> Make new ones before you run out.
            </p>
          ) : null}
          <NewRecoveryCodes onDone={refresh} />
          {data.required ? null : <TurnOffTwoFactor />}
        </>
      ) : (
        <>
          <p className="text-sm text-slate-700" data-testid="two-factor-state">
            {enabledNow ? (
              <>
                <span className="font-semibold text-emerald-800">On</span>. Save your recovery codes below.
              </>
            ) : data.required ? (
              "Your role requires a code from an authenticator app at each sign-in."
            ) : (
              "Off. Add a code from an authenticator app to each sign-in, so a stolen password is not enough."
            )}
          </p>
          <TwoFactorSetupForm onDone={refresh} onEnabled={() => setEnabledNow(true)} />
        </>
      )}
    </section>
  );
}

function NewRecoveryCodes({ onDone }: { onDone: () => void }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await call("POST /api/auth/two_factor/recovery_codes", { body: { code } });
      setCodes(answer.data.recovery_codes);
      setCode("");
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };
  if (codes)
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => {
          setCodes(null);
          onDone();
        }}
      />
    );
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 border-t border-slate-200 pt-4">
      <h3 className="text-base font-semibold text-navy-900">New recovery codes</h3>
      <CodeField
        hint="Your current recovery codes stop working."
        name="regenerate-code"
        value={code}
        onChange={setCode}
        error={error}
      />
      <div>
        <button type="submit" className="btn-secondary" disabled={busy}>
          {busy ? <Spinner /> : null} Make new recovery codes
        </button>
      </div>
    </form>
  );
}

/** Turns the operator's own second factor off, asked first (not offered while their role requires one). */
function TurnOffTwoFactor() {
  const [asking, setAsking] = useState(false);
  const off = useConsoleMutation<void>({
    request: () => request("POST /api/auth/two_factor/disable"),
    success: "Two-factor sign-in is off.",
    invalidate: [TWO_FACTOR_STATUS],
    onSuccess: () => setAsking(false),
  });
  return (
    <div className="border-t border-slate-200 pt-4">
      <button type="button" className="btn-secondary" onClick={() => setAsking(true)}>
        Turn off two-factor sign-in
      </button>
      <ConfirmModal
        open={asking}
        title="Turn off two-factor sign-in?"
        message="Your password alone will sign you in. The key in your authenticator app and your recovery codes stop working."
        confirmLabel="Turn off"
        busy={off.isPending}
        onConfirm={() => off.mutate()}
        onClose={() => setAsking(false)}
      />
    </div>
  );
}

/** Copies text to the clipboard and says so; where the browser refuses, says to select it instead. */
function CopyButton({ text, label }: { text: string; label: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success("Copied.");
    } catch {
      toast.error("Could not copy here: select the text and copy it.");
    }
  };
  return (
    <button type="button" className="btn-secondary" onClick={() => void copy()}>
      {label}
    </button>
  );
}
