// The booking pages' only script (they are plain HTML forms otherwise): on a first visit without a `tz`
// parameter, show the times in the browser's own zone; and show them again when the visitor picks a zone.
(function () {
  // React does not run here, so the header's menu buttons cannot open their menus: they lead to the
  // footer's links, which name every page of the site.
  var footer = document.querySelector("footer");
  Array.prototype.forEach.call(document.querySelectorAll("header button"), function (button) {
    button.addEventListener("click", function () {
      if (!footer) return;
      footer.scrollIntoView();
      var link = footer.querySelector("a");
      if (link) link.focus();
    });
  });
  var form = document.querySelector("form[data-time-zone-form]");
  // The page is interactive once this has run (as root.tsx marks a hydrated page, for tests and monitoring).
  if (!form) return void (document.documentElement.dataset.hydrated = "true");
  var select = form.querySelector("select[name=tz]");
  var params = new URLSearchParams(location.search);
  var zone = "";
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || "";
  } catch {
    zone = "";
  }
  var known =
    zone &&
    Array.prototype.some.call(select.options, function (o) {
      return o.value === zone;
    });
  if (!params.has("tz") && known && zone !== select.value) {
    params.set("tz", zone);
    location.replace(location.pathname + "?" + params.toString() + location.hash);
    return;
  }
  select.addEventListener("change", function () {
    form.submit();
  });
  document.documentElement.dataset.hydrated = "true";
})();
