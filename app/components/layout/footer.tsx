import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";
import { footerColumns } from "#shared/content/navigation.ts";
import { useRootData } from "#app/root.tsx";
import { telHref } from "#app/lib/text.ts";
import { Logo } from "./logo";
import { SocialLinks } from "./social-links";

/** `lang` marks the English footer on a page in another language. */
export function Footer({ lang }: { lang?: string }) {
  const { settings, year } = useRootData();
  return (
    <footer lang={lang} className="bg-navy-950 text-slate-300">
      <div className="container-page grid gap-10 py-14 md:grid-cols-2 lg:grid-cols-[1.4fr_repeat(4,1fr)_1.4fr]">
        <div>
          <Logo light />
          <p className="mt-4 max-w-xs text-sm leading-relaxed">
            We help global companies design, build and run Global Capability Centers in India.
          </p>
          <SocialLinks settings={settings} className="mt-5" />
        </div>
        {footerColumns.map((column) => (
          <div key={column.heading}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{column.heading}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.path}>
                  <Link to={link.path} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">Contact</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li className="flex gap-2">
              <Mail aria-hidden="true" className="size-4 shrink-0 translate-y-1.5 text-brand-500" />
              <span className="flex flex-col">
                <a href={`mailto:${settings.sales_email}`} className="py-1 hover:text-white hover:underline">
                  {settings.sales_email}
                </a>
                <a href={`mailto:${settings.info_email}`} className="py-1 hover:text-white hover:underline">
                  {settings.info_email}
                </a>
              </span>
            </li>
            <li className="flex gap-2">
              <Phone aria-hidden="true" className="size-4 shrink-0 translate-y-1.5 text-brand-500" />
              <span className="flex flex-col">
                <a href={telHref(settings.phone_india)} className="py-1 hover:text-white hover:underline">
                  India: {settings.phone_india}
                </a>
                <a href={telHref(settings.phone_us)} className="py-1 hover:text-white hover:underline">
                  US: {settings.phone_us}
                </a>
              </span>
            </li>
            <li className="flex gap-2">
              <MapPin aria-hidden="true" className="size-4 shrink-0 translate-y-0.5 text-brand-500" />
              <span>{settings.address}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-5 text-xs text-slate-400">
          © {year} GCC View 360. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
