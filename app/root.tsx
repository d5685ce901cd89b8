import { useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { todayInIndia } from "#shared/india-time.ts";
import type { Route } from "./+types/root";
import "./app.css";
import { NavigationProgress } from "./components/layout/navigation-progress";
import { FailureContent, NotFoundContent } from "./components/layout/not-found";
import { OfflineNotice } from "./components/layout/offline-notice";
import { reshapeTextWhenFontsLoad } from "./lib/i18n/font-refresh";
import { usePageLanguage } from "./lib/i18n/page-language";
import { useNonce } from "./lib/nonce";
import { useOnline } from "./lib/online";
import { useScrollToTopOnNavigation } from "./lib/scroll";
import { useHydrates, usePageScripts } from "./lib/hydration";
// Emitted under a content hash in /assets/ (immutable), never inlined: the policy allows no data: scripts.
import siteScript from "./browser/site.js?url&no-inline";
import { confirmPrefetchedView } from "./lib/prefetched-view";

export async function loader({ context }: Route.LoaderArgs) {
  // The privacy policy's text, the retention setting and the models' comparison stay out of every page's data (only the pages that show them read them).
  const {
    privacy_policy: _policy,
    application_retention_days: _days,
    model_comparison: _comparison,
    ...settings
  } = await context.services.settings.get();
  // The footer's copyright year: the year in India, where the company is (computed here, no script needed).
  return { settings, baseUrl: context.baseUrl, year: todayInIndia().slice(0, 4) };
}

// Settings and the base URL do not change between client navigations; no request per click.
export function shouldRevalidate() {
  return false;
}

export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("root loader data is missing");
  return data;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const lang = usePageLanguage();
  // A page that works as plain HTML may ship a small script of its own instead of React's (the booking
  // pages): its route's `handle.script`. A page that says `hydrate: false` gets the site script and its own.
  const ownScript = useMatches()
    .map((match) => (match.handle as { script?: string } | undefined)?.script)
    .findLast(Boolean);
  // Once React runs (a hydrated page), a client navigation to a page without it keeps React's scripts.
  const hydrates = useHydrates() || typeof document !== "undefined";
  const pageScripts = usePageScripts();
  useEffect(() => {
    // Lets tests, monitoring and the inline loader (defer-hydration.server.ts) know the page is interactive;
    // set here so that error pages, which render without App, are marked too.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useEffect(reshapeTextWhenFontsLoad, []);
  useEffect(confirmPrefetchedView, []);
  return (
    // English, Hindi and Tamil are all written left to right.
    <html lang={lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1f3a" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {ownScript ? (
          <script src={ownScript} nonce={nonce} defer />
        ) : hydrates ? (
          <Scripts nonce={nonce} />
        ) : (
          [siteScript, ...pageScripts].map((src) => <script key={src} src={src} nonce={nonce} defer />)
        )}
      </body>
    </html>
  );
}

export default function App() {
  const online = useOnline();
  useScrollToTopOnNavigation();
  // Offline, the page stays mounted under the notice, hidden and inert: typed text, scroll position and open
  // dialogs are all there when the connection returns. Each layout brings its toaster (the site's, the console's).
  return (
    <>
      <div className={online ? "contents" : "invisible contents [&_*]:invisible!"} inert={!online}>
        <NavigationProgress />
        <Outlet />
      </div>
      {!online && <OfflineNotice />}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main id="main">
        <NotFoundContent />
      </main>
    );
  }
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "Something went wrong.";
  return (
    <main className="grid min-h-screen place-items-center p-6 text-center">
      <FailureContent title={message}>
        <a className="btn-primary mt-6" href="/">
          Go to the home page
        </a>
      </FailureContent>
    </main>
  );
}
