// The site's script on pages that do not hydrate React (ADR 0028): it enhances the server's HTML with the
// header's menus, the carousels, in-page smooth scrolling, the offline screen, toasts and prefetching.
// Plain browser JavaScript, no imports: it is served as written, under a content hash (root.tsx).
(() => {
  const doc = document;
  const html = doc.documentElement;
  const reduceMotion = () => matchMedia("(prefers-reduced-motion: reduce)").matches;
  const swap = (el, on, yes, no) => {
    el.classList.remove(...(on ? no : yes).split(" "));
    el.classList.add(...(on ? yes : no).split(" "));
  };
  const FOCUSABLE =
    'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

  // Disclosure buttons (the desktop menu groups, the mobile menu's sections, "View More"): aria-expanded
  // says whether the element they control is shown; a chevron inside turns with it.
  const disclose = (button, open) => {
    button.setAttribute("aria-expanded", String(open));
    const target = doc.getElementById(button.getAttribute("aria-controls"));
    if (target) target.hidden = !open;
    const chevron = button.querySelector("svg");
    if (chevron && chevron.classList.contains("transition-transform"))
      chevron.classList.toggle("rotate-180", open);
  };
  const closeGroups = (except) => {
    for (const group of doc.querySelectorAll("[data-menu-group]")) {
      const button = group.querySelector("[data-disclosure]");
      if (group !== except && button.getAttribute("aria-expanded") === "true") disclose(button, false);
    }
  };
  doc.addEventListener("click", (event) => {
    const button = event.target.closest("[data-disclosure]");
    if (!button) return;
    const open = button.getAttribute("aria-expanded") !== "true";
    // One mobile section open at a time, as one desktop group.
    const list = button.closest("ul");
    if (open && list && button.closest("[data-mobile-menu]"))
      for (const other of list.querySelectorAll("[data-disclosure]"))
        if (other !== button) disclose(other, false);
    disclose(button, open);
  });
  // A desktop group closes on a press outside it, on Escape (focus back to its button) and when focus leaves it.
  doc.addEventListener("pointerdown", (event) => closeGroups(event.target.closest("[data-menu-group]")));
  doc.addEventListener("keydown", (event) => {
    const group = event.key === "Escape" && event.target.closest("[data-menu-group]");
    if (!group) return;
    const button = group.querySelector("[data-disclosure]");
    if (button.getAttribute("aria-expanded") !== "true") return;
    disclose(button, false);
    button.focus();
  });
  doc.addEventListener("focusout", (event) => {
    const group = event.target.closest("[data-menu-group]");
    if (group && !group.contains(event.relatedTarget)) closeGroups(null);
  });

  // The slide-in menu for narrow screens: focus moves in and cycles inside, Escape and the backdrop close it.
  const menu = doc.querySelector("[data-mobile-menu]");
  const opener = doc.querySelector("[data-menu-open]");
  if (menu && opener) {
    const panel = menu.querySelector("[data-menu-panel]");
    const backdrop = menu.querySelector("[data-menu-backdrop]");
    const setOpen = (open) => {
      swap(menu, open, "visible", "pointer-events-none invisible");
      swap(backdrop, open, "opacity-100", "opacity-0");
      swap(panel, open, "translate-x-0", "translate-x-full");
      menu.inert = !open;
      opener.setAttribute("aria-expanded", String(open));
      if (open) (panel.querySelector(FOCUSABLE) || panel).focus();
    };
    const close = () => {
      setOpen(false);
      opener.focus();
    };
    opener.addEventListener("click", () => setOpen(true));
    backdrop.addEventListener("click", close);
    menu.querySelector("[data-menu-close]").addEventListener("click", close);
    panel.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        return close();
      }
      if (event.key !== "Tab") return;
      const items = [...panel.querySelectorAll(FOCUSABLE)].filter((el) => !el.closest("[hidden]"));
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && doc.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && doc.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    });
  }

  // Carousels (WAI-ARIA APG pattern; the markup is Carousel's in app/components/marketing/carousel.tsx):
  // buttons, dots, arrow keys, a 40 px swipe, auto-advance that pauses on hover, focus and the pause button
  // and never starts for people who prefer reduced motion.
  const carousel = (root) => {
    const track = root.querySelector("[data-track]");
    const items = [...track.children];
    const dots = root.querySelector("[data-dots]");
    const dotTemplate = dots && dots.firstElementChild.cloneNode(true);
    const play = root.querySelector("[data-play]");
    const interval = Number(root.dataset.interval) || 0;
    const perMd = Number(root.dataset.perMd) || 1;
    const wide = matchMedia("(min-width: 768px)");
    let per = wide.matches ? perMd : 1;
    let index = Number(root.dataset.carouselIndex) || 0;
    let playing = interval > 0 && !reduceMotion();
    let hovered = false;
    let focused = false;
    let timer = 0;
    const count = () => Math.max(1, Math.ceil(items.length / per));
    const render = () => {
      const n = count();
      const running = playing && !hovered && !focused;
      root.dataset.carouselIndex = String(index);
      root.dataset.slideCount = String(n);
      root.dataset.running = String(running);
      track.style.transform = `translateX(-${index * 100}%)`;
      track.setAttribute("aria-live", running ? "off" : "polite");
      items.forEach((item, i) => (item.inert = Math.floor(i / per) !== index));
      if (dots) {
        while (dots.children.length < n) dots.append(dotTemplate.cloneNode(true));
        while (dots.children.length > n) dots.lastElementChild.remove();
        [...dots.children].forEach((dot, i) => {
          dot.setAttribute(
            "aria-label",
            per === 1
              ? `Go to slide ${i + 1}`
              : `Go to slides ${i * per + 1} to ${Math.min(items.length, (i + 1) * per)}`,
          );
          if (i === index) dot.setAttribute("aria-current", "true");
          else dot.removeAttribute("aria-current");
          swap(dot.firstElementChild, i === index, dots.dataset.on, dots.dataset.off);
        });
      }
      if (play) {
        play.setAttribute(
          "aria-label",
          playing ? "Pause automatic slide show" : "Start automatic slide show",
        );
        play.querySelector('[data-glyph="pause"]').hidden = !playing;
        play.querySelector('[data-glyph="play"]').hidden = playing;
      }
      clearTimeout(timer);
      if (running && n > 1) timer = setTimeout(() => goTo(index + 1, false), interval);
    };
    const goTo = (next, byUser = true) => {
      const n = count();
      index = ((next % n) + n) % n;
      render();
      // A focused link in a slide that just became inert loses focus; keep keyboard users in the carousel.
      if (byUser && (!doc.activeElement || doc.activeElement === doc.body))
        items[index * per]?.focus({ preventScroll: true });
    };
    wide.addEventListener("change", () => {
      const first = index * per;
      per = wide.matches ? perMd : 1;
      index = Math.min(Math.floor(first / per), count() - 1);
      render();
    });
    root.addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button) return;
      if (button.hasAttribute("data-step")) goTo(index + Number(button.dataset.step));
      else if (button === play) {
        playing = !playing;
        render();
      } else if (dots && button.parentElement === dots) goTo([...dots.children].indexOf(button));
    });
    root.addEventListener("keydown", (event) => {
      if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
      if (event.target.closest("input, textarea, select")) return;
      event.preventDefault();
      goTo(index + (event.key === "ArrowRight" ? 1 : -1));
    });
    root.addEventListener("mouseenter", () => ((hovered = true), render()));
    root.addEventListener("mouseleave", () => ((hovered = false), render()));
    root.addEventListener("focusin", () => ((focused = true), render()));
    root.addEventListener("focusout", (event) => {
      if (root.contains(event.relatedTarget)) return;
      focused = false;
      render();
    });
    let start = null;
    const swipe = root.querySelector("[data-swipe]");
    swipe.addEventListener(
      "pointerdown",
      (e) => (start = e.pointerType === "mouse" ? null : [e.clientX, e.clientY]),
    );
    swipe.addEventListener("pointercancel", () => (start = null));
    swipe.addEventListener("pointerup", (e) => {
      if (!start) return;
      const dx = e.clientX - start[0];
      const dy = e.clientY - start[1];
      start = null;
      if (Math.abs(dx) >= 40 && Math.abs(dx) > Math.abs(dy)) goTo(index + (dx < 0 ? 1 : -1));
    });
    render();
  };
  doc.querySelectorAll('[aria-roledescription="carousel"]').forEach(carousel);

  // Text that starts cut short ("View More"): the button swaps the short and the whole text.
  doc.addEventListener("click", (event) => {
    const button = event.target.closest("[data-more]");
    if (!button) return;
    const open = button.getAttribute("aria-expanded") !== "true";
    const text = doc.getElementById(button.getAttribute("aria-controls"));
    button.setAttribute("aria-expanded", String(open));
    text.textContent = open ? button.dataset.whole : button.dataset.short;
    button.firstChild.textContent = open ? "View Less" : "View More";
  });

  // A link to a place on this page scrolls there smoothly and moves focus to it.
  doc.addEventListener("click", (event) => {
    const link = event.target.closest('a[href^="#"]');
    const target = link && link.hash.length > 1 && doc.getElementById(link.hash.slice(1));
    if (!target || event.defaultPrevented) return;
    event.preventDefault();
    target.scrollIntoView({ behavior: reduceMotion() ? "auto" : "smooth", block: "start" });
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    target.focus({ preventScroll: true });
  });

  // While the browser is offline only 'No internet connection' shows; the page stays laid out underneath,
  // invisible and inert, so typed text, the scroll position and an open menu are there when it returns.
  let notice = null;
  const hide = doc.createElement("style");
  hide.textContent =
    "body>:not([data-offline-notice]),body>:not([data-offline-notice]) *{visibility:hidden!important}";
  const offline = () => {
    if (notice) return;
    for (const child of doc.body.children) child.inert = true;
    doc.head.append(hide);
    notice = doc.createElement("main");
    notice.dataset.offlineNotice = "";
    notice.className = "fixed inset-0 z-[100] grid place-items-center bg-white p-6";
    const text = doc.createElement("p");
    text.setAttribute("role", "alert");
    text.className = "text-xl font-semibold text-navy-900";
    text.textContent = "No internet connection";
    notice.append(text);
    doc.body.append(notice);
  };
  addEventListener("offline", offline);
  addEventListener("online", () => {
    if (!notice) return;
    notice.remove();
    notice = null;
    hide.remove();
    for (const child of doc.body.children) child.inert = false;
  });
  if (!navigator.onLine) offline();

  // Toasts, top-right, closing after 1600 ms (the spec) unless the pointer rests on them; page scripts call
  // `siteToast(type, message, duration)`; the markup is the site layout's Toaster.
  const toaster = doc.querySelector("[data-toaster]");
  window.siteToast = (type, message, duration = 1600) => {
    if (!toaster) return;
    const card = doc.createElement("div");
    card.dataset.toast = type;
    card.className = `pointer-events-auto flex items-start gap-3 rounded-lg border px-4 py-3 text-sm font-medium shadow-lg ${toaster.dataset[type]}`;
    const text = doc.createElement("p");
    text.className = "flex-1";
    text.textContent = message;
    const dismiss = doc.createElement("button");
    dismiss.type = "button";
    dismiss.className = "-m-1 rounded p-1 opacity-70 hover:opacity-100";
    dismiss.setAttribute("aria-label", toaster.dataset.dismiss);
    dismiss.textContent = "×";
    dismiss.addEventListener("click", () => card.remove());
    card.append(text, dismiss);
    const stack = toaster.querySelector(type === "error" ? '[role="alert"]' : '[role="status"]');
    stack.append(card);
    const all = toaster.querySelectorAll("[data-toast]");
    if (all.length > 5) all[0].remove();
    let left = duration;
    let since = Date.now();
    let timer = setTimeout(() => card.remove(), left);
    toaster.addEventListener("mouseenter", () => {
      clearTimeout(timer);
      left -= Date.now() - since;
    });
    toaster.addEventListener("mouseleave", () => {
      since = Date.now();
      timer = setTimeout(() => card.remove(), Math.max(0, left));
    });
  };

  // A link about to be followed loads early, so the full page load that follows feels instant: Chromium
  // follows the Speculation-Rules header the page came with; other browsers get a prefetch on hover or focus.
  if (!(HTMLScriptElement.supports && HTMLScriptElement.supports("speculationrules"))) {
    const fetched = new Set([location.href.split("#")[0]]);
    const early = (event) => {
      const link = event.target.closest && event.target.closest("a[href]");
      if (!link || link.origin !== location.origin || link.hasAttribute("download")) return;
      const url = link.href.split("#")[0];
      if (fetched.has(url) || link.pathname.startsWith("/dashboard") || link.pathname.startsWith("/api/"))
        return;
      fetched.add(url);
      const hint = doc.createElement("link");
      hint.rel = "prefetch";
      hint.href = url;
      doc.head.append(hint);
    };
    doc.addEventListener("pointerover", early, { passive: true });
    doc.addEventListener("focusin", early);
    doc.addEventListener("touchstart", early, { passive: true });
  }

  // Chromium keeps some text it shaped before a web font arrived in the fallback font: a new font
  // description makes it shape again (as app/lib/i18n/font-refresh.ts does on hydrated pages).
  let batches = 0;
  const reshape = () => (html.style.wordSpacing = `${++batches / 10000}px`);
  if ([...doc.fonts].some((face) => face.status === "loaded")) reshape();
  doc.fonts.addEventListener("loadingdone", reshape);

  // A page opened from a prefetch sent the server no request: say so, so its view counts (as root.tsx does on
  // hydrated pages, app/lib/prefetched-view.ts).
  const [navigation] = performance.getEntriesByType("navigation");
  if (navigation && navigation.deliveryType === "navigational-prefetch")
    fetch("/api/site_analytics/opened", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ path: location.pathname }),
    }).catch(() => {});

  // The page is interactive (as root.tsx marks a hydrated page, for tests and monitoring).
  html.dataset.hydrated = "true";
})();
