import { useState, type FormEvent } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { Spinner } from "~/components/dashboard/spinner";
import { homeFor } from "~/components/dashboard/nav";
import { ConsoleTheme } from "~/components/dashboard/theme";
import { ConsoleToaster } from "~/components/dashboard/toaster";
import { Logo } from "~/components/layout/logo";
import { consoleMeta } from "~/lib/dashboard/meta";
import { setSession, useSession } from "~/lib/dashboard/session";
import type { LoginResponse } from "../../../schemas/auth";

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
  const next = safeNext(params.get("next"));

  if (session && !busy) return <Navigate to={next ?? "/dashboard/home"} replace />;

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
      const body = (await res.json().catch(() => ({}))) as Partial<LoginResponse> & { message?: string };
      if (!res.ok || !body.access_token) {
        setError(body.message ?? "Sign-in failed. Please try again.");
        setPassword("");
        return;
      }
      setSession({ token: body.access_token, user_id: String(body.user_id) });
      navigate(next ?? homeFor(body.role ?? "editor"), { replace: true });
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
          </form>
        </div>
      </main>
      <ConsoleToaster />
    </>
  );
}

/** A labelled sign-in input; its name is also its id and, unless given, its autocomplete token. */
function LoginField({
  name,
  label,
  type,
  autoComplete = name,
  value,
  onChange,
}: {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
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
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600"
      />
    </div>
  );
}
