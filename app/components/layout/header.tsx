import { ChevronDown, Menu } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { mainNav } from "#shared/content/navigation.ts";
import { useHydrates } from "#app/lib/hydration.ts";
import type { NavEntry, NavGroup } from "#shared/content/types.ts";
import { ExpertCtaLink } from "./expert-cta-link";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";

/** `lang` marks the English menu on a page in another language. */
export function Header({ lang }: { lang?: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  // The mobile menu joins the page on first use: until then its links would only add to every page's
  // markup, styles and hydration work (it needs JavaScript to open anyway).
  const [menuMounted, setMenuMounted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  // Without React in the browser the site script opens the menu, so its markup must be in the page.
  const hydrates = useHydrates();
  return (
    <>
      <header lang={lang} className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <div className="container-page flex h-16 items-center gap-2 sm:gap-4">
          <Logo compact />
          <nav aria-label="Main" className="ml-auto hidden lg:block">
            <ul className="flex items-center gap-1 lg:gap-2">
              {mainNav.map((entry) => (
                <li key={entry.label}>
                  {isGroup(entry) ? (
                    <DesktopGroup group={entry} />
                  ) : (
                    <TopLink label={entry.label} path={entry.path} />
                  )}
                </li>
              ))}
            </ul>
          </nav>
          <ExpertCtaLink
            className="btn-primary ml-auto whitespace-nowrap px-3.5 py-2 sm:px-5 lg:ml-0"
            place="header"
          />
          <button
            ref={menuButton}
            type="button"
            className="shrink-0 rounded-md p-2 text-navy-900 hover:bg-slate-100 lg:hidden"
            aria-label="Open menu"
            aria-expanded={menuOpen}
            data-menu-open
            onClick={() => {
              setMenuMounted(true);
              // Two frames: the closed panel is styled once, so opening it slides in rather than appearing.
              requestAnimationFrame(() => requestAnimationFrame(() => setMenuOpen(true)));
            }}
          >
            <Menu aria-hidden="true" />
          </button>
        </div>
      </header>
      {/* Outside the header: its backdrop blur would make the header, not the screen, the box of this fixed panel. */}
      {(menuMounted || !hydrates) && (
        <MobileMenu
          lang={lang}
          open={menuOpen}
          onClose={() => {
            setMenuOpen(false);
            menuButton.current?.focus();
          }}
        />
      )}
    </>
  );
}

export function isGroup(entry: NavEntry): entry is NavGroup {
  return "items" in entry;
}

function TopLink({ label, path }: { label: string; path: string }) {
  return (
    <NavLink
      to={path}
      className={({ isActive }) =>
        `rounded-md px-2.5 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-navy-900"}`
      }
    >
      {label}
    </NavLink>
  );
}

function DesktopGroup({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => document.removeEventListener("pointerdown", onPointer);
  }, [open]);

  const active = group.items.some((item) => pathname === item.path);
  return (
    <div
      ref={root}
      className="relative"
      data-menu-group
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        data-disclosure
        onClick={() => setOpen((v) => !v)}
        className={`flex items-center gap-1 rounded-md px-2.5 py-2 text-sm font-medium ${active ? "text-brand-700" : "text-slate-700 hover:text-navy-900"}`}
      >
        {group.label}
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform ${open ? "rotate-180" : ""}`}
        />
      </button>
      <ul
        id={id}
        hidden={!open}
        className="absolute left-0 top-full mt-1 w-64 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        {group.items.map((item) => (
          <li key={item.path}>
            <Link
              to={item.path}
              onClick={() => setOpen(false)}
              className="block rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-brand-50 hover:text-navy-900"
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
