import { Outlet } from "react-router";
import { Footer } from "#app/components/layout/footer.tsx";
import { Header } from "#app/components/layout/header.tsx";
import { usePageLanguage } from "#app/lib/i18n/page-language.ts";
import { toasterLabels } from "#app/lib/i18n/toaster-labels.ts";
import { Toaster } from "#app/lib/toast.tsx";

export default function SiteLayout() {
  // The menu and footer are English on every page; a Hindi or Tamil page says so around them.
  const lang = usePageLanguage();
  const chrome = lang === "en" ? undefined : "en";
  // The toasts speak the page's language: a Hindi post's comment form toasts in Hindi.
  return (
    <div className="flex min-h-screen flex-col">
      <Header lang={chrome} />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer lang={chrome} />
      <Toaster labels={toasterLabels[lang]} />
    </div>
  );
}
