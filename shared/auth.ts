/**
 * The header the console's api client sends when it refreshes the session. A page can make a browser
 * request `/refresh_token` with an <img>, a link or a form, but none of them can add a header, and a
 * script on another site cannot add one without a CORS preflight that this server never grants.
 */
export const REFRESH_HEADER = "x-requested-with";
export const REFRESH_HEADER_VALUE = "gcc-console";

/** The 403 message for an operator whose role requires a second factor they have not set up. */
export const TWO_FACTOR_ENROLMENT_REQUIRED =
  "Your role requires two-factor sign-in. Set it up before you continue.";

/** How long a confirmed password (or code) lets a session change sign-in details ("sudo mode"). */
export const REAUTH_MINUTES = 10;
/** The `reason` of a 403 that asks for the password again; the console answers it with a dialog and retries. */
export const REAUTH_REQUIRED_REASON = "reauth_required";
export const REAUTH_REQUIRED = `Enter your password again to do this: changes to how you sign in need it entered in the last ${REAUTH_MINUTES} minutes.`;
