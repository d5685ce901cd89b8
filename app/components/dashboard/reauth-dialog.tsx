import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError, call } from "#app/lib/dashboard/api.ts";
import { onReauthRequired } from "#app/lib/dashboard/reauth.ts";
import { setToken } from "#app/lib/dashboard/session.ts";
import { REAUTH_MINUTES } from "#shared/auth.ts";
import { CodeField, Field } from "./field";
import { Modal } from "./modal";
import { Spinner } from "./spinner";
import { TWO_FACTOR_STATUS } from "./two-factor";

const FORM_ID = "reauth-form";

/**
 * "Confirm it's you": opened when the server asks for the password before a change of sign-in details
 * (lib/dashboard/reauth.ts). The password, or a code from the authenticator app, confirms this session for
 * a few minutes; the change that asked is then sent again, so the operator only types it once.
 */
export function ReauthDialog() {
  const [open, setOpen] = useState(false);
  const [withCode, setWithCode] = useState(false);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const settle = useRef<((confirmed: boolean) => void) | null>(null);
  const twoFactor = useQuery({
    queryKey: [TWO_FACTOR_STATUS],
    queryFn: async () => (await call("GET /api/auth/two_factor")).data,
    enabled: open,
  });

  useEffect(
    () =>
      onReauthRequired(
        () =>
          new Promise<boolean>((resolve) => {
            settle.current = resolve;
            setWithCode(false);
            setValue("");
            setError(null);
            setOpen(true);
          }),
      ),
    [],
  );

  const finish = (confirmed: boolean) => {
    setOpen(false);
    settle.current?.(confirmed);
    settle.current = null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) {
      setError(withCode ? "Enter the 6-digit code from your authenticator app" : "Enter your password");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await call("POST /api/auth/reauth", {
        body: withCode ? { code: value } : { password: value },
      });
      setToken(answer.data.access_token);
      finish(true);
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? (caught.fields.password ?? caught.fields.code ?? caught.message)
          : "Something went wrong. Try again.",
      );
    } finally {
      setBusy(false);
    }
  };

  const switchTo = (code: boolean) => {
    setWithCode(code);
    setValue("");
    setError(null);
  };

  return (
    <Modal
      open={open}
      onClose={() => finish(false)}
      title="Confirm it's you"
      kind="info"
      busy={busy}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={() => finish(false)} disabled={busy}>
            Cancel
          </button>
          <button type="submit" form={FORM_ID} className="btn-primary" disabled={busy}>
            {busy ? <Spinner /> : null} Confirm
          </button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
        <p className="text-sm text-slate-700">
          Changes to how you sign in need your password again. You won&apos;t be asked again for{" "}
          {REAUTH_MINUTES} minutes.
        </p>
        {withCode ? (
          <CodeField key="code" name="reauth-code" value={value} onChange={setValue} error={error} />
        ) : (
          <Field
            key="password"
            label="Your password"
            name="reauth-password"
            type="password"
            autoComplete="current-password"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={error ?? undefined}
          />
        )}
        {twoFactor.data?.enabled ? (
          <button
            type="button"
            className="justify-self-start text-sm font-medium text-brand-700 underline"
            onClick={() => switchTo(!withCode)}
          >
            {withCode ? "Use your password instead" : "Use a code from your authenticator app instead"}
          </button>
        ) : null}
      </form>
    </Modal>
  );
}
