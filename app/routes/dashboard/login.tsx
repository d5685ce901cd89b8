import { useEffect, useRef, useState, type FormEvent } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { Spinner } from "~/components/dashboard/spinner";
import { homeFor } from "~/components/dashboard/nav";
import { ConsoleTheme } from "~/components/dashboard/theme";
import { ConsoleToaster } from "~/components/dashboard/toaster";
import { Logo } from "~/components/layout/logo";
import { consoleMeta } from "~/lib/dashboard/meta";
import { setSession, useSession } from "~/lib/dashboard/session";
import { toast } from "~/lib/toast";
import type { LoginResponse } from "../../../schemas/auth";
import { FEW_RECOVERY_CODES } from "../../../schemas/two-factor";

export function meta() {
  return [...consoleMeta("Sign in"), { name: "robots", content: "noindex, nofollow" }];
}

/** Only same-site console paths are followed after sign-in (no open redirect). */
export function safeNext(next: string | null): string | null {
  return next && next.startsWith("/dashboard/") && !next.startsWith("//") ? next : null;
}

export default function Login() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The password was right and the account has a second factor: the server's challenge for the next step.
  const [challenge, setChallenge] = useState<string | null>(null);
  const next = safeNext(params.get("next"));

  if (session && !busy) return <Navigate to={next ?? "/dashboard/home"} replace />;

  const signedIn = (body: LoginResponse) => {
    setSession({ token: body.access_token, user_id: String(body.user_id) });
    if (body.recovery_codes_left !== undefined && body.recovery_codes_left <= FEW_RECOVERY_CODES)
      toast.error(
        `Only ${body.recovery_codes_left} recovery code${body.recovery_codes_left === 1 ? "" : "s"} left: make new ones in Your account.`,
      );
    navigate(next ?? homeFor(body.role ?? "editor"), { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!username.trim() || !password) {
      setError("Enter your username and password.");
      return;
    }
    setBusy(true);
    setSession(null);
    try {
      const res = await fetch("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password }),
        credentials: "same-origin",
      });
      const body = (await res.json().catch(() => ({}))) as Partial<LoginResponse> & {
        message?: string;
        second_factor_required?: boolean;
        challenge?: string;
      };
      if (res.ok && body.second_factor_required && body.challenge) {
        setPassword("");
        setChallenge(body.challenge);
        return;
      }
      if (!res.ok || !body.access_token) {
        setError(body.message ?? "Sign-in failed. Please try again.");
        setPassword("");
        return;
      }
      signedIn(body as LoginResponse);
    } catch {
      setError("Network error. Please check your connection and try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <main className="grid min-h-screen place-items-center bg-slate-50 p-4">
        <ConsoleTheme />
        <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <Logo />
          {challenge ? (
            <SecondFactor
              challenge={challenge}
              onSignedIn={signedIn}
              onRestart={() => {
                setChallenge(null);
                setError("Your sign-in expired. Enter your username and password again.");
              }}
            />
          ) : (
            <>
              <h1 className="mt-6 text-2xl font-bold text-navy-900">Sign in to the console</h1>
              <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
                <LoginField name="username" label="Username" value={username} onChange={setUsername} />
                <LoginField
                  name="password"
                  label="Password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={setPassword}
                />
                {error ? (
                  <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
                    {error}
                  </p>
                ) : null}
                <button type="submit" className="btn-primary w-full" disabled={busy}>
                  {busy ? <Spinner label="Signing in…" /> : "Sign in"}
                </button>
                <p className="text-center text-sm">
                  <Link to="/dashboard/forgot-password" className="font-medium text-brand-700 underline">
                    Forgot password?
                  </Link>
                </p>
              </form>
            </>
          )}
        </div>
      </main>
      <ConsoleToaster />
    </>
  );
}

/** The second step: a code from the authenticator app, or one of the recovery codes. */
function SecondFactor({
  challenge,
  onSignedIn,
  onRestart,
}: {
  challenge: string;
  onSignedIn: (body: LoginResponse) => void;
  onRestart: () => void;
}) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const text = value.trim();
    if (!useRecovery && !/^\d{6}$/.test(text.replace(/\s+/g, ""))) {
      setError("Enter the 6-digit code from your authenticator app.");
      return;
    }
    if (useRecovery && !text) {
      setError("Enter one of your recovery codes.");
      return;
    }
    setBusy(true);
    try {
      const res = await fetch("/api/auth/login/second_factor", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(useRecovery ? { challenge, recovery_code: text } : { challenge, code: text }),
        credentials: "same-origin",
      });
      const body = (await res.json().catch(() => ({}))) as Partial<LoginResponse> & { message?: string };
      if (res.ok && body.access_token) {
        onSignedIn(body as LoginResponse);
        return;
      }
      // The challenge expired, or the password changed meanwhile: back to the first step.
      if (res.status === 401 && body.message?.startsWith("This sign-in has expired")) return onRestart();
      setError(body.message ?? "Sign-in failed. Please try again.");
      setValue("");
    } catch {
      setError("Network error. Please check your connection and try again.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="mt-6 text-2xl font-bold text-navy-900">
        Two-factor sign-in
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        {useRecovery
          ? "Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once."
          : "Enter the 6-digit code your authenticator app shows for GCC View 360."}
      </p>
      <form className="mt-6 space-y-4" onSubmit={submit} noValidate>
        {useRecovery ? (
          <LoginField
            key="recovery"
            name="recovery_code"
            label="Recovery code"
            autoComplete="off"
            value={value}
            onChange={setValue}
          />
        ) : (
          <LoginField
            key="code"
            name="code"
            label="Code from the app"
            autoComplete="one-time-code"
            inputMode="numeric"
            value={value}
            onChange={setValue}
          />
        )}
        {error ? (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={busy}>
          {busy ? <Spinner label="Checking…" /> : "Verify"}
        </button>
        <button
          type="button"
          className="w-full text-sm font-medium text-brand-700 underline"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue("");
            setError(null);
          }}
        >
          {useRecovery ? "Use a code from the app instead" : "Use a recovery code instead"}
        </button>
      </form>
    </>
  );
}

/** A labelled sign-in input; its name is also its id and, unless given, its autocomplete token. */
function LoginField({
  name,
  label,
  type,
  autoComplete = name,
  inputMode,
  value,
  onChange,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: "numeric";
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={name} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={name}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600"
      />
    </div>
  );
}
