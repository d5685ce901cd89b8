import { ChevronDown, X } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { mainNav } from "#shared/content/navigation.ts";
import { useFocusTrap } from "#app/lib/focus-trap.ts";
import { isGroup } from "./header";
import { Logo } from "./logo";

/** Slide-in menu for narrow screens; groups open as accordions. */
export function MobileMenu({ lang, open, onClose }: { lang?: string; open: boolean; onClose: () => void }) {
  const panel = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<string | null>(null);

  useFocusTrap(panel, open, onClose);

  return (
    <div
      lang={lang}
      className={`fixed inset-0 z-50 overflow-hidden transition-[visibility] duration-300 lg:hidden ${open ? "visible" : "pointer-events-none invisible"}`}
      inert={!open}
      data-mobile-menu
    >
      <div
        data-menu-backdrop
        className={`absolute inset-0 bg-navy-950/50 transition-opacity duration-300 ${open ? "opacity-100" : "opacity-0"}`}
        onClick={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-label="Menu"
        tabIndex={-1}
        data-menu-panel
        className={`absolute inset-y-0 right-0 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl transition-transform duration-300 ${open ? "translate-x-0" : "translate-x-full"}`}
      >
        <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
          <Logo />
          <button
            type="button"
            onClick={onClose}
            className="rounded-md p-2 text-navy-900 hover:bg-slate-100"
            aria-label="Close menu"
            data-menu-close
          >
            <X aria-hidden="true" />
          </button>
        </div>
        <nav aria-label="Mobile" className="p-2">
          <ul>
            {mainNav.map((entry) =>
              isGroup(entry) ? (
                <li key={entry.label} className="border-b border-slate-100">
                  <button
                    type="button"
                    aria-expanded={expanded === entry.label}
                    aria-controls={`mobile-${entry.label}`}
                    data-disclosure
                    onClick={() => setExpanded((v) => (v === entry.label ? null : entry.label))}
                    className="flex w-full items-center justify-between px-3 py-3 text-left font-semibold text-navy-900"
                  >
                    {entry.label}
                    <ChevronDown
                      aria-hidden="true"
                      className={`size-4 transition-transform ${expanded === entry.label ? "rotate-180" : ""}`}
                    />
                  </button>
                  <ul id={`mobile-${entry.label}`} hidden={expanded !== entry.label} className="pb-2 pl-3">
                    {entry.items.map((item) => (
                      <li key={item.path}>
                        <Link
                          to={item.path}
                          onClick={onClose}
                          className="block rounded-md px-3 py-2 text-slate-700 hover:bg-brand-50"
                        >
                          {item.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </li>
              ) : (
                <li key={entry.label} className="border-b border-slate-100">
                  <Link
                    to={entry.path}
                    onClick={onClose}
                    className="block px-3 py-3 font-semibold text-navy-900"
                  >
                    {entry.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>
      </div>
    </div>
  );
}
