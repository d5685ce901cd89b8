import type { ReactNode } from "react";
import { ConsoleTheme } from "#app/components/dashboard/theme.tsx";
import { ConsoleToaster } from "#app/components/dashboard/toaster.tsx";
import { Logo } from "#app/components/layout/logo.tsx";
import type { Body, Route } from "#app/lib/dashboard/api.ts";
import { NETWORK_ERROR } from "#app/lib/dashboard/sign-in-form.ts";

/** The card the console's signed-out pages (forgot and reset password) are drawn in, like the sign-in page. */
export function SignedOutCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <main className="grid min-h-screen place-items-center bg-slate-50 p-4">
        <ConsoleTheme />
        <div className="w-full max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
          <Logo />
          <h1 className="mt-6 text-2xl font-bold text-navy-900">{title}</h1>
          {children}
        </div>
      </main>
      <ConsoleToaster />
    </>
  );
}

export interface PublicAnswer {
  ok: boolean;
  message: string;
  errors: Record<string, string>;
}

/**
 * What a public console endpoint's answer says to show: its message, whether it succeeded, its field
 * messages. The page's script and the route's action (a form posted without JavaScript) read it alike.
 */
export function publicAnswer(
  status: number,
  answer: { message?: string; errors?: Record<string, string> },
): PublicAnswer {
  const ok = status >= 200 && status < 300;
  return {
    ok,
    message: answer.message ?? (ok ? "Done." : "Something went wrong. Please try again."),
    errors: answer.errors ?? {},
  };
}

/** Posts JSON to a public console route (`POST /api/auth/…`); answers the message to show, and whether it succeeded. */
export async function postPublic<R extends Route & `POST ${string}`>(
  route: R,
  body: Body<R>,
): Promise<PublicAnswer> {
  try {
    const res = await fetch(route.slice("POST ".length), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      credentials: "same-origin",
    });
    return publicAnswer(res.status, await res.json().catch(() => ({})));
  } catch {
    return { ok: false, message: NETWORK_ERROR, errors: {} };
  }
}
