import { Outlet } from "react-router";
import { Footer } from "~/components/layout/footer";
import { Header } from "~/components/layout/header";
import { usePageLanguage } from "~/lib/i18n/page-language";
import { Toaster } from "~/lib/toast";

export default function SiteLayout() {
  // The menu and footer are English on every page; a Hindi or Tamil page says so around them.
  const chrome = usePageLanguage() === "en" ? undefined : "en";
  return (
    <div className="flex min-h-screen flex-col">
      <Header lang={chrome} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer lang={chrome} />
      <Toaster />
    </div>
  );
}
