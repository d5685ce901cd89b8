// The Subscribe box on pages without React (ADR 0028): it posts to the API and answers in place, as
// SubscriptionForm does with React; without this script the form posts to /subscribe, which answers the same.
(() => {
  const NOT_SENT = "Your subscription could not be sent. Please try again.";
  const FIELDS = ["email", "kind", "language", "search", "url_hp"];
  for (const form of document.querySelectorAll('form[action="/subscribe"]')) {
    const email = form.querySelector('input[name="email"]');
    const button = form.querySelector('button[type="submit"]');
    const errorId = `${email.id.replace(/-email$/, "")}-error`;
    const showError = (message) => {
      let error = document.getElementById(errorId);
      if (!error) {
        error = document.createElement("p");
        error.id = errorId;
        error.setAttribute("role", "alert");
        error.className = "text-sm font-medium text-red-700";
        form.append(error);
      }
      error.textContent = message;
      email.setAttribute("aria-invalid", "true");
      email.setAttribute("aria-describedby", errorId);
      email.classList.replace("border-slate-300", "border-red-600");
    };
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (button.disabled) return;
      const data = new FormData(form);
      const body = Object.fromEntries(FIELDS.map((name) => [name, data.get(name)]).filter(([, v]) => v));
      button.disabled = true;
      try {
        const res = await fetch("/api/subscriptions", {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify(body),
        });
        const json = await res.json().catch(() => ({}));
        if (res.ok) {
          const sent = document.createElement("p");
          sent.setAttribute("role", "status");
          sent.className = "rounded-lg bg-emerald-50 px-4 py-3 font-medium text-emerald-900";
          sent.textContent = json.message || NOT_SENT;
          form.replaceWith(sent);
        } else showError(Object.values(json.errors || {})[0] || json.message || NOT_SENT);
      } catch {
        showError(NOT_SENT);
      } finally {
        button.disabled = false;
      }
    });
  }
})();
