import { QueryClient, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import { LogOut, Menu, X } from "lucide-react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Link, NavLink, Outlet, useLocation, useNavigate } from "react-router";
import { MailFailureBadge, MailFailureNotice } from "#app/components/dashboard/mail/failure-notice.tsx";
import { PublicAddressWarning } from "#app/components/dashboard/public-address-warning.tsx";
import { ReauthDialog } from "#app/components/dashboard/reauth-dialog.tsx";
import { Spinner } from "#app/components/dashboard/spinner.tsx";
import { TwoFactorSetupForm } from "#app/components/dashboard/two-factor.tsx";
import { Logo } from "#app/components/layout/logo.tsx";
import { canOpen, consoleNav, homeFor, screenAt } from "#app/components/dashboard/nav.ts";
import { ConsoleTheme, ThemeSwitch } from "#app/components/dashboard/theme.tsx";
import { ConsoleToaster } from "#app/components/dashboard/toaster.tsx";
import { call } from "#app/lib/dashboard/api.ts";
import { useMe, type Me } from "#app/lib/dashboard/me.ts";
import { setSession, useSession } from "#app/lib/dashboard/session.ts";
import { useFocusTrap } from "#app/lib/focus-trap.ts";

export function meta() {
  return [{ title: "Console | GCC View 360" }, { name: "robots", content: "noindex, nofollow" }];
}

const OFFCANVAS_BREAKPOINT = 1200;

export default function DashboardRoot() {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <ConsoleTheme />
      <ConsoleGate />
      <ConsoleToaster />
      <ReauthDialog />
    </QueryClientProvider>
  );
}

/** Sends visitors without a session to the sign-in page, remembering where they were going. */
function ConsoleGate() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const me = useMe(Boolean(session));

  useEffect(() => {
    const toLogin = () =>
      navigate(`/dashboard/login?next=${encodeURIComponent(location.pathname + location.search)}`, {
        replace: true,
      });
    if (session === null) toLogin();
    window.addEventListener("console:signed-out", toLogin);
    return () => window.removeEventListener("console:signed-out", toLogin);
  }, [session, navigate, location.pathname, location.search]);

  // The server refused a call until two-factor is set up (a requirement turned on meanwhile): ask again.
  const { refetch } = me;
  useEffect(() => {
    const recheck = () => void refetch();
    window.addEventListener("console:enrolment-required", recheck);
    return () => window.removeEventListener("console:enrolment-required", recheck);
  }, [refetch]);

  if (!session || !me.data) {
    return (
      <main className="grid min-h-screen place-items-center bg-slate-50">
        {me.isError ? (
          <p role="alert">Could not load your account. Please sign in again.</p>
        ) : (
          <Spinner label="Loading console…" />
        )}
        {/* A sign-in posted without JavaScript lands here, signed in. */}
        <noscript>
          <p className="px-4 text-center">The console needs JavaScript. Turn it on, then reload this page.</p>
        </noscript>
      </main>
    );
  }
  if (me.data.two_factor_enrolment_required) return <Enrolment />;
  return <ConsoleShell me={me.data} />;
}

/**
 * All an operator whose role requires two-factor sign-in sees until it is set up (the server refuses
 * every other call of theirs as well: server/plugins/access.ts).
 */
function Enrolment() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const logout = async () => {
    await call("POST /api/auth/logout").catch(() => undefined);
    setSession(null);
    navigate("/dashboard/login", { replace: true });
  };
  return (
    <main id="main" className="grid min-h-screen place-items-center bg-slate-50 p-4">
      <div className="grid w-full max-w-lg gap-5 rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <Logo />
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-navy-900">
          Set up two-factor sign-in
        </h1>
        <p className="text-sm text-slate-700">
          Your role requires a code from an authenticator app at each sign-in. Set it up to continue to the
          console.
        </p>
        <TwoFactorSetupForm onDone={() => void client.invalidateQueries({ queryKey: ["me"] })} />
        <div className="border-t border-slate-200 pt-4">
          <button type="button" className="btn-secondary" onClick={logout}>
            <LogOut aria-hidden="true" className="size-4" /> Sign out
          </button>
        </div>
      </div>
    </main>
  );
}

function ConsoleShell({ me }: { me: Me }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const panel = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    menuButton.current?.focus();
  };
  useFocusTrap(panel, open, close);

  useEffect(() => {
    const media = window.matchMedia(`(min-width: ${OFFCANVAS_BREAKPOINT}px)`);
    const onChange = () => media.matches && setOpen(false);
    media.addEventListener("change", onChange);
    return () => media.removeEventListener("change", onChange);
  }, []);

  const logout = async () => {
    await call("POST /api/auth/logout").catch(() => undefined);
    setSession(null);
    navigate("/dashboard/login", { replace: true });
  };

  return (
    <div className="min-h-screen bg-slate-50 text-ink">
      <div
        className={`fixed inset-0 z-40 bg-navy-950/50 transition-opacity duration-300 min-[1200px]:hidden ${open ? "opacity-100" : "pointer-events-none opacity-0"}`}
        onClick={close}
      />
      <aside
        ref={panel}
        id="console-sidebar"
        aria-label="Console navigation"
        className={`fixed inset-y-0 left-0 z-50 flex w-64 flex-col bg-navy-950 text-slate-200 transition-transform duration-300 min-[1200px]:visible min-[1200px]:translate-x-0 ${open ? "visible translate-x-0" : "invisible -translate-x-full"}`}
        data-open={open}
      >
        <div className="flex h-16 items-center justify-between px-5">
          <Link to={homeFor(me.role)} className="text-lg font-extrabold text-white">
            GCC View <span className="text-brand-500">Console</span>
          </Link>
          <button
            type="button"
            className="rounded p-1.5 hover:bg-white/10 min-[1200px]:hidden"
            onClick={close}
            aria-label="Close navigation"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <nav className="flex-1 overflow-y-auto px-3 pb-6">
          {consoleNav.map((section) => {
            const items = section.items.filter((item) => canOpen(me.role, item));
            if (items.length === 0) return null;
            return (
              <div key={section.heading} className="mt-4">
                <h2 className="px-3 text-xs font-semibold uppercase tracking-wider text-slate-400">
                  {section.heading}
                </h2>
                <ul className="mt-2 space-y-0.5">
                  {items.map((item) => (
                    <li key={item.path}>
                      <NavLink
                        to={item.path}
                        onClick={() => setOpen(false)}
                        className={({ isActive }) =>
                          `block rounded-lg px-3 py-2 text-sm ${isActive ? "bg-brand-700 font-semibold text-white" : "hover:bg-white/10"}`
                        }
                      >
                        {item.label}
                        {item.path === "/dashboard/mail" ? <MailFailureBadge /> : null}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
      </aside>
      <div className="min-w-0 min-[1200px]:pl-64">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white px-4 sm:gap-4 sm:px-6">
          <button
            ref={menuButton}
            type="button"
            className="-ml-2 shrink-0 rounded-md p-2 hover:bg-slate-100 min-[1200px]:hidden"
            onClick={() => setOpen(true)}
            aria-label="Open navigation"
            aria-expanded={open}
            aria-controls="console-sidebar"
          >
            <Menu aria-hidden="true" />
          </button>
          <div className="ml-auto flex min-w-0 items-center gap-2 text-sm sm:gap-4">
            <span className="flex min-w-0 items-center gap-2">
              <span className="truncate font-semibold">{me.username}</span>
              <span className="hidden rounded bg-slate-100 px-2 py-0.5 text-xs uppercase text-slate-600 sm:inline">
                {me.role}
              </span>
            </span>
            <ThemeSwitch />
            <button
              type="button"
              onClick={logout}
              className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 hover:bg-slate-100 sm:px-3"
            >
              <LogOut aria-hidden="true" className="size-4" /> Sign out
            </button>
          </div>
        </header>
        <main id="main" className="min-w-0 p-4 sm:p-6">
          {me.role === "admin" ? <PublicAddressWarning /> : null}
          {me.role === "admin" ? <MailFailureNotice /> : null}
          <RoleGate me={me}>
            <Outlet context={me} />
          </RoleGate>
        </main>
      </div>
    </div>
  );
}

/** A screen the operator's role may not open says so and offers theirs, instead of failing calls and buttons. */
function RoleGate({ me, children }: { me: Me; children: ReactNode }) {
  const { pathname } = useLocation();
  const screen = screenAt(pathname);
  const heading = useRef<HTMLHeadingElement>(null);
  const refused = screen !== undefined && !canOpen(me.role, screen);
  useEffect(() => {
    if (refused) heading.current?.focus();
  }, [refused]);
  if (!refused) return children;
  const home = homeFor(me.role);
  const homeLabel = screenAt(home)?.label ?? "your account";
  return (
    <section className="mx-auto grid max-w-lg gap-3 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <h1 ref={heading} tabIndex={-1} className="text-xl font-bold text-navy-900">
        {screen.label} is for administrators
      </h1>
      <p className="text-sm text-slate-700">
        Your role ({me.role}) does not include this screen. Ask an administrator if you need it.
      </p>
      <p>
        <Link to={home} className="btn-primary">
          Go to {homeLabel}
        </Link>
      </p>
    </section>
  );
}
