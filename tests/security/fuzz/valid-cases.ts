import { and, eq, like } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import sharp from "sharp";
import type { Database } from "#db/client.ts";
import {
  emailChangeUndo,
  jobApplicationSubmissions,
  jobApplications,
  mailOutbox,
  operators,
  operatorTwoFactor,
  passwordResetTokens,
  serviceRequests,
  subscriptions,
} from "#db/schema/index.ts";
import { emailUndoTokenHash } from "#domain/auth/email-change.ts";
import { passwordFingerprint, resetTokenHash } from "#domain/auth/password-reset.ts";
import { DEFAULT_BOOKING_SETTINGS } from "#schemas/booking.ts";
import { REFRESH_HEADER, REFRESH_HEADER_VALUE } from "#shared/auth.ts";
import { submissionRow } from "#tests/support/applications.ts";
import { multipartBody, samplePdf } from "#tests/support/cv-files.ts";
import { createComment, createPost, postInput } from "#tests/support/factories.ts";
import { stageImport } from "#tests/support/imports.ts";
import {
  buySellBody,
  driverBody,
  loadBody,
  memberBody,
  nextPhone,
  truckBody,
} from "#tests/support/logistics-bodies.ts";
import type { FuzzRequest, FuzzRoute, Role } from "./harness";

/**
 * One request per route that its handler must accept (a 2xx): the records it needs are created first, so
 * the fuzzer reaches code past validation on every route. Routes missing here fail the fuzz test.
 */

/** The parts of the API's JSON answers the setup reads. */
export interface Answer {
  data?: Record<string, unknown> & { url?: string; id?: number };
  vehicle_data?: { id: number }[];
}

/** Who sends a setup request: a role's standing session, or a bearer token of its own. */
export type Sender = Role | { token: string };

/** A session the setup signed in itself: its bearer token and refresh cookie value. */
export interface SignedIn {
  accessToken: string;
  refreshToken: string;
}

export interface ValidCaseContext {
  db: Database;
  /** The app's database engine: an online backup exists only for the embedded one on disk. */
  engine: "pglite" | "postgres";
  /** Sends one request and answers status and parsed JSON (null when not JSON). */
  send(as: Sender, method: string, url: string, payload?: unknown): Promise<{ status: number; body: Answer }>;
  /** A fresh operator's credentials (the login route signs in with them). */
  newOperator(role?: Exclude<Role, "anonymous">): Promise<{ username: string; password: string }>;
  /**
   * Signs in through POST /api/auth/login, as a browser would (a new session, or device, each time), and
   * confirms the password (POST /api/auth/reauth) so the session may change sign-in details.
   */
  signIn(credentials: { username: string; password: string }): Promise<SignedIn>;
}

/**
 * Routes that cannot answer 2xx in the fuzzer's app, and why. Every route has a valid case now; only the
 * online backup has no 2xx on PostgreSQL, by design (its 409 says to use pg_dump).
 */
export function noTwoXxHere(engine: ValidCaseContext["engine"]): Record<string, string> {
  return engine === "postgres"
    ? { "POST /api/backup": "on PostgreSQL the route answers 409 by design: back it up with pg_dump" }
    : {};
}

/** A valid request; a multipart upload carries its bytes in rawPayload. */
export type ValidRequest = FuzzRequest & {
  rawPayload?: Buffer;
  /** For routes whose refusals are 2xx too: what is wrong with a 2xx answer's body, or null. */
  checkAnswer?: (body: string) => string | null;
};

type Case = Omit<ValidRequest, "method" | "headers"> & { headers?: Record<string, string> };
type Build = (ctx: ValidCaseContext, route: FuzzRoute) => Promise<Case>;

const json = (role: Role, url: string, body?: unknown): Case => ({
  role,
  url,
  ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
});

let serial = 0;
const next = () => ++serial;

const post = (n = next()) =>
  postInput({
    heading: `Fuzz post ${n}`,
    full_description: "<p>Words</p>",
    feature_image: "/media/abc/960.webp",
    image_alt_text: "A skyline",
  });
const team = (n = next()) => ({ name: `Fuzz member ${n}`, position: "Lead" });
const caseStudy = (n = next()) => ({
  title: `Fuzz case study ${n}`,
  industry: "Fintech",
  summary: "A centre in Pune.",
  model: "bot",
});
const testimonial = (n = next()) => ({ person: `Fuzz person ${n}`, quote: "Good." });
const clientLogo = (n = next()) => ({ name: `Fuzz client ${n}`, image: "/images/proof/logo-1.svg" });
const job = (n = next()) => ({
  job_title: `Fuzz job ${n}`,
  company: "GCC View 360",
  location: "Pune",
  salary: "",
  employment_type: "FULL_TIME",
  job_description: "<p>Work</p>",
  responsibilities: ["Work"],
  requirements: ["Care"],
  apply_link: null,
  status: "open",
  valid_through: null,
});
const contact = (n = next()) => ({
  first_name: "Asha",
  last_name: `Verma ${n}`,
  organization: "Northwind Retail",
  email: `asha${n}@example.com`,
  phone: "+91 98765 43210",
  location: "London",
  message: "We are planning a 50-person engineering centre in Pune next year.",
  privacy_consent: true,
});
const lead = (n = next()) => ({ name: `Fuzz lead ${n}`, contact_no: nextPhone(), status: "WARM" });
/** An anonymous application as the public form posts it: multipart, a fresh address, a CV. */
const applicationPost = (url: string, firstName: string, lastName: string): Case => {
  const { body, contentType } = multipartBody(
    {
      first_name: firstName,
      last_name: lastName,
      email: `fuzz${next()}@example.com`,
      phone: "98765 43210",
      consent_processing: "on",
    },
    [{ field: "cv", name: "cv.pdf", type: "application/pdf", data: samplePdf() }],
  );
  return {
    role: "anonymous",
    url,
    rawPayload: body,
    headers: { "content-type": contentType, accept: "application/json" },
  };
};

/** The record's id in a create answer (logistics records name it after the resource). */
function idOf(data: Record<string, unknown>): number {
  for (const key of ["load_id", "truck_id", "driver_id", "buy_sell_id", "id", "user_id"])
    if (typeof data[key] === "number") return data[key];
  throw new Error(`no id in ${JSON.stringify(data).slice(0, 200)}`);
}

async function created(ctx: ValidCaseContext, url: string, body: unknown, role: Role = "admin") {
  const res = await ctx.send(role, "POST", url, body);
  if (res.status !== 201 && res.status !== 200)
    throw new Error(`setup POST ${url} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  return idOf(res.body.data ?? {});
}

async function memberPhone(ctx: ValidCaseContext) {
  const body = memberBody();
  await created(ctx, "/api/members", body);
  return body.phone;
}

async function serviceRequest(ctx: ValidCaseContext, kind: "insurance" | "fast_tag") {
  const [row] = await ctx.db
    .insert(serviceRequests)
    .values({ kind, vehicleNumber: "MH12AB0001", contactNo: "+919800000001", status: "new" })
    .returning();
  return row!.id;
}

/** How to create one live record of each console resource, answering its id. */
const CREATE: Record<string, (ctx: ValidCaseContext) => Promise<number>> = {
  "/api/blog": (ctx) => created(ctx, "/api/blog", post(), "editor"),
  "/api/team_members": (ctx) => created(ctx, "/api/team_members", team(), "editor"),
  "/api/case_studies": (ctx) => created(ctx, "/api/case_studies", caseStudy(), "editor"),
  "/api/testimonials": (ctx) => created(ctx, "/api/testimonials", testimonial(), "editor"),
  "/api/client_logos": (ctx) => created(ctx, "/api/client_logos", clientLogo(), "editor"),
  "/api/jobs": (ctx) => created(ctx, "/api/jobs", job(), "editor"),
  "/api/comments": async (ctx) => (await createComment(ctx.db, { blogId: (await createPost(ctx.db)).id })).id,
  "/api/contact_requests": (ctx) => created(ctx, "/api/contact_requests", contact(), "anonymous"),
  "/api/members": (ctx) => created(ctx, "/api/members", memberBody()),
  "/api/loads": async (ctx) => created(ctx, "/api/loads", loadBody(await memberPhone(ctx))),
  "/api/trucks": async (ctx) => created(ctx, "/api/trucks", truckBody(await memberPhone(ctx))),
  "/api/drivers": async (ctx) => created(ctx, "/api/drivers", driverBody(await memberPhone(ctx))),
  "/api/buy_sell": async (ctx) => created(ctx, "/api/buy_sell", buySellBody(await memberPhone(ctx))),
  "/api/insurance": (ctx) => serviceRequest(ctx, "insurance"),
  "/api/fast_tag": (ctx) => serviceRequest(ctx, "fast_tag"),
  "/api/feedback": async (ctx) =>
    created(ctx, "/api/feedback", { kind: "complaint", text: "Late", contact_no: await memberPhone(ctx) }),
  "/api/crm/leads": (ctx) => created(ctx, "/api/crm/leads", lead()),
  "/api/crm/after_sale": (ctx) => created(ctx, "/api/members", memberBody()),
  "/api/operators": async (ctx) =>
    created(ctx, "/api/operators", {
      username: `fuzz-op-${next()}`,
      password: "fuzz-password-0123456789",
      role: "editor",
    }),
};

/** A valid create body per resource (POST <collection>). */
const CREATE_BODY: Record<string, (ctx: ValidCaseContext) => Promise<unknown>> = {
  "/api/blog": async () => post(),
  "/api/team_members": async () => team(),
  "/api/case_studies": async () => caseStudy(),
  "/api/testimonials": async () => testimonial(),
  "/api/client_logos": async () => clientLogo(),
  "/api/jobs": async () => job(),
  "/api/contact_requests": async () => contact(),
  "/api/members": async () => memberBody(),
  "/api/loads": async (ctx) => loadBody(await memberPhone(ctx)),
  "/api/trucks": async (ctx) => truckBody(await memberPhone(ctx)),
  "/api/drivers": async (ctx) => driverBody(await memberPhone(ctx)),
  "/api/buy_sell": async (ctx) => buySellBody(await memberPhone(ctx)),
  "/api/feedback": async (ctx) => ({ kind: "feedback", text: "Quick", contact_no: await memberPhone(ctx) }),
  "/api/crm/leads": async () => lead(),
  "/api/operators": async () => ({
    username: `fuzz-new-${next()}`,
    password: "fuzz-password-0123456789",
    role: "editor",
  }),
};

/** A valid change per resource (PATCH <collection>/:id). */
const CHANGE: Record<string, unknown> = {
  "/api/blog": post(),
  "/api/team_members": team(),
  "/api/case_studies": caseStudy(),
  "/api/testimonials": testimonial(),
  "/api/client_logos": clientLogo(),
  "/api/jobs": job(),
  "/api/comments": { hidden: true },
  "/api/contact_requests": { status: "contacted" },
  "/api/members": { company: "Renamed Roadways" },
  "/api/loads": { material: "Cement" },
  "/api/trucks": { brand: "Eicher" },
  "/api/drivers": { driver_name: "Anil Patil" },
  "/api/buy_sell": { price: 1700000 },
  "/api/insurance": { status: "in_progress" },
  "/api/fast_tag": { status: "in_progress" },
  "/api/feedback": { status: "in_progress" },
  "/api/crm/leads": { status: "HOT" },
  "/api/operators": { role: "admin" },
};

const roleOf = (route: FuzzRoute): Role => (route.access === "public" ? "anonymous" : route.access);

/** A fresh editor signed in: the routes about one's own sessions and password act on it, not on the fuzzer's. */
async function ownSession(ctx: ValidCaseContext) {
  const credentials = await ctx.newOperator("editor");
  return { credentials, session: await ctx.signIn(credentials) };
}

const totpCode = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

/** A fresh editor with a two-factor set-up started (the key and its token), or finished when `enable`. */
async function twoFactorSession(ctx: ValidCaseContext, enable: boolean) {
  const { credentials, session } = await ownSession(ctx);
  const as = { token: session.accessToken };
  const setup = await ctx.send(as, "POST", "/api/auth/two_factor/setup");
  const { secret, setup_token } = setup.body.data as unknown as { secret: string; setup_token: string };
  if (!secret) throw new Error(`two-factor setup failed: ${JSON.stringify(setup.body).slice(0, 300)}`);
  if (enable) {
    const enabled = await ctx.send(as, "POST", "/api/auth/two_factor/enable", {
      setup_token,
      code: totpCode(secret),
    });
    if (enabled.status !== 200) throw new Error(`two-factor enable failed: ${enabled.status}`);
  }
  return { credentials, session, secret, setup_token };
}

/** The refresh routes' credential is the cookie; the console's header says its own script asks. */
const refreshCase: Build = async (ctx) => {
  const { session } = await ownSession(ctx);
  return {
    role: "anonymous",
    url: "/refresh_token",
    // An ended session answers 200 too (the spec's shape), with error_code 401: only a new token counts.
    checkAnswer: (body) =>
      /"error_code":200,.*"access_token":"[^"]+"/.test(body) ? null : `no new access token: ${body}`,
    headers: {
      cookie: `refresh_token=${session.refreshToken}`,
      [REFRESH_HEADER]: REFRESH_HEADER_VALUE,
    },
  };
};

/** A booked call (default hours first: a fuzzed valid case may have left none), with its e-mail's token. */
async function bookedCall(ctx: ValidCaseContext) {
  await ctx.send("admin", "PUT", "/api/booking_settings", DEFAULT_BOOKING_SETTINGS);
  const free = await ctx.send("anonymous", "GET", "/api/bookings/slots");
  const [first, second] = (free.body as unknown as { slots: { start: string }[] }).slots;
  const res = await ctx.send("anonymous", "POST", "/api/bookings", {
    start: first!.start,
    name: "Fuzz Caller",
    email: `fuzz-call-${next()}@example.com`,
    time_zone: "Europe/London",
  });
  if (res.status !== 201) throw new Error(`setup POST /api/bookings answered ${res.status}`);
  const id = res.body.data!.id!;
  const [mail] = await ctx.db
    .select({ text: mailOutbox.text })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.about, `booking:${id}`), like(mailOutbox.subject, "Your call%")));
  const token = /\/manage\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  return { id, token, later: second!.start };
}

/** Routes whose valid case is not one of the collection shapes below. */
const SPECIAL: Record<string, Build> = {
  "PUT /api/booking_settings": async () => json("admin", "/api/booking_settings", DEFAULT_BOOKING_SETTINGS),
  "POST /api/bookings": async (ctx) => {
    const { later } = await bookedCall(ctx);
    return json("anonymous", "/api/bookings", {
      start: later,
      name: "Fuzz Caller",
      email: `fuzz-call-${next()}@example.com`,
      time_zone: "Asia/Kolkata",
    });
  },
  "POST /api/bookings/cancel": async (ctx) =>
    json("anonymous", "/api/bookings/cancel", { token: (await bookedCall(ctx)).token }),
  "POST /api/bookings/reschedule": async (ctx) => {
    const { token, later } = await bookedCall(ctx);
    return json("anonymous", "/api/bookings/reschedule", { token, start: later, time_zone: "UTC" });
  },
  "POST /api/bookings/:id/cancel": async (ctx) =>
    json("admin", `/api/bookings/${(await bookedCall(ctx)).id}/cancel`),
  "GET /refresh_token": refreshCase,
  "POST /refresh_token": refreshCase,
  "POST /api/auth/password": async (ctx) => {
    const { credentials, session } = await ownSession(ctx);
    return {
      ...json("editor", "/api/auth/password", {
        current_password: credentials.password,
        new_password: `changed-${credentials.password}`,
      }),
      headers: { authorization: `Bearer ${session.accessToken}` },
    };
  },
  "DELETE /api/auth/sessions/:id": async (ctx) => {
    // The same operator on a second device: the first signs the second out.
    const { credentials, session } = await ownSession(ctx);
    await ctx.signIn(credentials);
    const devices = await ctx.send({ token: session.accessToken }, "GET", "/api/auth/sessions");
    const other = (
      devices.body as { sessions_data?: { id: number; current: boolean }[] }
    ).sessions_data?.find((device) => !device.current);
    if (!other)
      throw new Error(`setup found no second device: ${JSON.stringify(devices.body).slice(0, 300)}`);
    return {
      role: "editor",
      url: `/api/auth/sessions/${other.id}`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    };
  },
  "POST /api/backup": async () => json("admin", "/api/backup"),
  "POST /api/auth/login": async (ctx) => json("anonymous", "/api/auth/login", await ctx.newOperator()),
  "POST /api/auth/logout": async () => json("editor", "/api/auth/logout"),
  "POST /api/auth/sessions/end_others": async () => json("editor", "/api/auth/sessions/end_others"),
  "POST /api/auth/forgot_password": async () =>
    json("anonymous", "/api/auth/forgot_password", { login: `fuzz-forgot-${next()}` }),
  // A link as the e-mail would carry it: its hash stored for a fresh operator's current password.
  "POST /api/auth/reset_password": async (ctx) => {
    const created = await ctx.send("admin", "POST", "/api/operators", {
      username: `fuzz-reset-${next()}`,
      password: "fuzz-password-0123456789",
      role: "editor",
    });
    const operatorId = created.body.data!.id!;
    const [row] = await ctx.db.select().from(operators).where(eq(operators.id, operatorId));
    const token = randomBytes(32).toString("base64url");
    await ctx.db.insert(passwordResetTokens).values({
      operatorId,
      tokenHash: resetTokenHash(token),
      passwordFingerprint: passwordFingerprint(row!.passwordHash),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return json("anonymous", "/api/auth/reset_password", { token, new_password: "fuzz-new-password-0123" });
  },
  // Its own session: confirming again would take the standing editor's confirmation from its token.
  "POST /api/auth/reauth": async (ctx) => {
    const { credentials, session } = await ownSession(ctx);
    return {
      ...json("editor", "/api/auth/reauth", { password: credentials.password }),
      headers: { authorization: `Bearer ${session.accessToken}` },
    };
  },
  "POST /api/auth/two_factor/disable": async (ctx) => {
    const { session } = await twoFactorSession(ctx, true);
    return {
      ...json("editor", "/api/auth/two_factor/disable"),
      headers: { authorization: `Bearer ${session.accessToken}` },
    };
  },
  // The link as the mail to the old address carries it: its hash stored for a fresh operator.
  "POST /api/auth/email_change/undo": async (ctx) => {
    const created = await ctx.send("admin", "POST", "/api/operators", {
      username: `fuzz-undo-${next()}`,
      password: "fuzz-password-0123456789",
      email: `fuzz-undo-${next()}@example.com`,
      role: "editor",
    });
    const token = randomBytes(32).toString("base64url");
    await ctx.db.insert(emailChangeUndo).values({
      operatorId: created.body.data!.id!,
      tokenHash: emailUndoTokenHash(token),
      restoreEmail: `fuzz-restored-${next()}@example.com`,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return json("anonymous", "/api/auth/email_change/undo", { token });
  },
  "PATCH /api/auth/account": async () =>
    json("editor", "/api/auth/account", { email: `fuzz-${next()}@example.com` }),
  "POST /api/operators/:id/end_sessions": async (ctx) => {
    const created = await ctx.send("admin", "POST", "/api/operators", {
      username: `fuzz-ended-${next()}`,
      password: "fuzz-password-0123456789",
      role: "editor",
    });
    return json("admin", `/api/operators/${created.body.data!.id}/end_sessions`);
  },
  "POST /api/auth/two_factor/enable": async (ctx) => {
    const { session, secret, setup_token } = await twoFactorSession(ctx, false);
    return {
      ...json("editor", "/api/auth/two_factor/enable", { setup_token, code: totpCode(secret) }),
      headers: { authorization: `Bearer ${session.accessToken}` },
    };
  },
  // The enrolment used this time step's code: the next ones are a later step (no replay).
  "POST /api/auth/two_factor/recovery_codes": async (ctx) => {
    const { session, secret } = await twoFactorSession(ctx, true);
    return {
      ...json("editor", "/api/auth/two_factor/recovery_codes", { code: totpCode(secret, 1) }),
      headers: { authorization: `Bearer ${session.accessToken}` },
    };
  },
  "POST /api/auth/login/second_factor": async (ctx) => {
    const { credentials, secret } = await twoFactorSession(ctx, true);
    const first = await ctx.send("anonymous", "POST", "/api/auth/login", credentials);
    const { challenge } = first.body as unknown as { challenge?: string };
    if (!challenge) throw new Error(`no challenge after the password: ${JSON.stringify(first.body)}`);
    return json("anonymous", "/api/auth/login/second_factor", { challenge, code: totpCode(secret, 1) });
  },
  "GET /api/auth/two_factor": async () => json("editor", "/api/auth/two_factor"),
  "POST /api/auth/two_factor/setup": async () => json("editor", "/api/auth/two_factor/setup"),
  "GET /api/two_factor_policy": async () => json("admin", "/api/two_factor_policy"),
  "PUT /api/two_factor_policy": async () =>
    json("admin", "/api/two_factor_policy", { admin: false, editor: false }),
  "POST /api/operators/:id/two_factor/reset": async (ctx) => {
    const created = await ctx.send("admin", "POST", "/api/operators", {
      username: `fuzz-two-factor-${next()}`,
      password: "fuzz-password-0123456789",
      role: "editor",
    });
    // Enrolled directly: the reset only removes the row (its secret is never read).
    await ctx.db
      .insert(operatorTwoFactor)
      .values({ operatorId: created.body.data!.id!, secretEncrypted: "v1.fuzz" });
    return json("admin", `/api/operators/${created.body.data!.id}/two_factor/reset`);
  },
  "POST /api/operators/invite": async () =>
    json("admin", "/api/operators/invite", {
      username: `fuzz-invite-${next()}`,
      email: `fuzz-invite-${next()}@example.com`,
      role: "editor",
    }),
  "POST /api/operators/:id/invite/resend": async (ctx) => {
    const invited = await fuzzInvitee(ctx);
    return json("admin", `/api/operators/${invited}/invite/resend`);
  },
  "POST /api/operators/:id/invite/cancel": async (ctx) => {
    const invited = await fuzzInvitee(ctx);
    return json("admin", `/api/operators/${invited}/invite/cancel`);
  },
  // The invitation's link as the mail carries it: a known token's hash put in place of the mailed one's.
  "POST /api/auth/invite/accept": async (ctx) => {
    const invited = await fuzzInvitee(ctx);
    const token = randomBytes(32).toString("base64url");
    await ctx.db
      .update(passwordResetTokens)
      .set({ tokenHash: resetTokenHash(token) })
      .where(eq(passwordResetTokens.operatorId, invited));
    return json("anonymous", "/api/auth/invite/accept", { token, new_password: "fuzz-new-password-0123" });
  },
  "POST /api/mail/:id/retry": async (ctx) => {
    const [failed] = await ctx.db
      .insert(mailOutbox)
      .values({
        recipient: "info@example.com",
        subject: "Fuzz",
        text: "Fuzz",
        status: "failed",
        attempts: 12,
      })
      .returning({ id: mailOutbox.id });
    return json("admin", `/api/mail/${failed!.id}/retry`);
  },
  "GET /jobs/:jobId": async (ctx) => {
    const created = await ctx.send("admin", "POST", "/api/jobs", job());
    return json("anonymous", `/jobs/${created.body.data!.id}`);
  },
  "PUT /api/site_settings": async () =>
    json("admin", "/api/site_settings", {
      privacy_policy: "We keep your data safe.",
      application_retention_days: 90,
      sales_email: "sales@example.com",
      info_email: "info@example.com",
      hr_email: "jobs@example.com",
      phone_india: "+91 120 111 2222",
      phone_us: "+1 202 555 0111",
      address: "Tower B, Ghaziabad",
      facebook: "https://www.facebook.com/example",
      twitter: "https://x.com/example",
      linkedin: "https://www.linkedin.com/company/example",
    }),
  "POST /api/uploads": async () => {
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#468" } })
      .jpeg()
      .toBuffer();
    const boundary = "fuzzboundary";
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n` +
          "Content-Type: image/jpeg\r\n\r\n",
      ),
      image,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return {
      role: "editor",
      url: "/api/uploads",
      rawPayload: payload,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    };
  },
  "GET /api/blog_details/:id/": async (ctx) =>
    json("anonymous", `/api/blog_details/${(await createPost(ctx.db)).id}/`),
  "POST /api/blog_comments/": async (ctx) =>
    json("anonymous", "/api/blog_comments/", {
      blog_id: (await createPost(ctx.db)).id,
      name: "Asha Verma",
      email_id: "asha@example.com",
      comment: "Very useful, thank you.",
    }),
  "GET /api/teams/:id/": async (ctx) =>
    json("anonymous", `/api/teams/${await CREATE["/api/team_members"]!(ctx)}/`),
  "GET /api/blog/:id/revisions": async (ctx) =>
    json("editor", `/api/blog/${await CREATE["/api/blog"]!(ctx)}/revisions`),
  "GET /api/blog/:id/revisions/:revisionId": async (ctx) => {
    const { id, revision } = await blogRevision(ctx);
    return json("editor", `/api/blog/${id}/revisions/${revision}`);
  },
  "POST /api/blog/:id/revisions/:revisionId/restore": async (ctx) => {
    const { id, revision } = await blogRevision(ctx);
    return json("editor", `/api/blog/${id}/revisions/${revision}/restore`);
  },
  "POST /api/blog/:id/preview_link": async (ctx) =>
    json("editor", `/api/blog/${await CREATE["/api/blog"]!(ctx)}/preview_link`),
  "DELETE /api/blog/:id/preview_link": async (ctx) =>
    json("editor", `/api/blog/${await CREATE["/api/blog"]!(ctx)}/preview_link`),
  "GET /api/blog_preview/:id/:token": async (ctx) => {
    const id = await CREATE["/api/blog"]!(ctx);
    const link = await ctx.send("editor", "POST", `/api/blog/${id}/preview_link`);
    return json("anonymous", `/api/blog_preview/${id}/${String(link.body.data?.url).split("/").pop()}`);
  },
  "GET /api/members/verify": async (ctx) =>
    json("admin", `/api/members/verify?phone=${encodeURIComponent(await memberPhone(ctx))}`),
  "POST /api/members/:id/vehicles": async (ctx) =>
    json("admin", `/api/members/${await CREATE["/api/members"]!(ctx)}/vehicles`, { vehicle_no: "KA01A1234" }),
  "DELETE /api/members/:id/vehicles/:vehicleId": async (ctx) => {
    const id = await CREATE["/api/members"]!(ctx);
    const added = await ctx.send("admin", "POST", `/api/members/${id}/vehicles`, { vehicle_no: "KA01A1234" });
    return json("admin", `/api/members/${id}/vehicles/${added.body.vehicle_data?.[0]?.id}`);
  },
  "POST /api/crm/leads/:id/notes": async (ctx) =>
    json("admin", `/api/crm/leads/${await CREATE["/api/crm/leads"]!(ctx)}/notes`, { note: "Called back" }),
  "POST /api/crm/leads/:id/move": async (ctx) =>
    json("admin", `/api/crm/leads/${await CREATE["/api/crm/leads"]!(ctx)}/move`, {
      status: "HOT",
      from: "WARM",
    }),
  "POST /api/recently_deleted/restore": async (ctx) => {
    const id = await CREATE["/api/blog"]!(ctx);
    const gone = await ctx.send("editor", "DELETE", `/api/blog/${id}`);
    if (gone.status !== 200) throw new Error(`setup DELETE /api/blog/${id} answered ${gone.status}`);
    return json("editor", "/api/recently_deleted/restore", { type: "blog_post", ids: [id] });
  },
  "POST /api/jobs/:id/applications": async (ctx) => {
    const created = await ctx.send("admin", "POST", "/api/jobs", job());
    return applicationPost(`/api/jobs/${created.body.data!.id}/applications`, "Meera", "Iyer");
  },
  "POST /api/general_applications": async () => applicationPost("/api/general_applications", "Arun", "Kumar"),
  "GET /api/job_applications/:id": async (ctx) =>
    json("editor", `/api/job_applications/${await application(ctx)}`),
  "GET /api/job_applications/:id/cv": async (ctx) =>
    json("editor", `/api/job_applications/${await application(ctx)}/cv`),
  "GET /api/job_applications/:id/submissions/:submissionId/cv": async (ctx) => {
    const id = await application(ctx);
    const [sent] = await ctx.db
      .insert(jobApplicationSubmissions)
      .values(submissionRow(id))
      .returning({ id: jobApplicationSubmissions.id });
    return json("editor", `/api/job_applications/${id}/submissions/${sent!.id}/cv`);
  },
  "GET /api/job_applications/:id/export": async (ctx) =>
    json("admin", `/api/job_applications/${await application(ctx)}/export`),
  "PATCH /api/job_applications/:id/stage": async (ctx) =>
    json("editor", `/api/job_applications/${await application(ctx)}/stage`, { stage: "screening" }),
  "POST /api/job_applications/bulk_stage": async (ctx) =>
    json("editor", "/api/job_applications/bulk_stage", { ids: [await application(ctx)], stage: "interview" }),
  "POST /api/job_applications/:id/notes": async (ctx) =>
    json("editor", `/api/job_applications/${await application(ctx)}/notes`, { text: "Strong profile" }),
  "GET /api/job_applications/:id/thread": async (ctx) =>
    json("editor", `/api/job_applications/${await application(ctx)}/thread`),
  "POST /api/job_applications/:id/replies": async (ctx) =>
    json("editor", `/api/job_applications/${await application(ctx)}/replies`, {
      subject: "Re: Your application",
      body: "Could we talk on Monday?",
    }),
  "GET /api/contact_requests/:id/thread": async (ctx) =>
    json("editor", `/api/contact_requests/${await CREATE["/api/contact_requests"]!(ctx)}/thread`),
  "POST /api/contact_requests/:id/replies": async (ctx) =>
    json("editor", `/api/contact_requests/${await CREATE["/api/contact_requests"]!(ctx)}/replies`, {
      subject: "Re: Your message",
      body: "Yes, we can help.",
    }),
  "POST /api/site_analytics/opened": async () =>
    json("anonymous", "/api/site_analytics/opened", { path: "/about-us" }),
  "POST /api/subscriptions": async () =>
    json("anonymous", "/api/subscriptions", {
      kind: "blog",
      language: "Hindi",
      email: `fuzz-${next()}@example.com`,
    }),
  "DELETE /api/subscribers/:id": async (ctx) => {
    const [row] = await ctx.db
      .insert(subscriptions)
      .values({
        kind: "jobs",
        email: `fuzz-${next()}@example.com`,
        unsubscribeToken: randomBytes(32).toString("base64url"),
      })
      .returning();
    return json("admin", `/api/subscribers/${row!.id}`);
  },
  "DELETE /api/job_applications/:id/personal_data": async (ctx) =>
    json("admin", `/api/job_applications/${await application(ctx)}/personal_data`),
  "POST /api/imports": async () => {
    const csv = `Name,Phone number,Status\nFuzz Import ${next()},${nextPhone()},HOT\n`;
    const { body, contentType } = multipartBody({}, [
      { field: "file", name: "leads.csv", type: "text/csv", data: Buffer.from(csv) },
    ]);
    return {
      role: "admin",
      url: "/api/imports?type=leads",
      rawPayload: body,
      headers: { "content-type": contentType },
    };
  },
  "POST /api/imports/:id/check": async (ctx) => {
    const { id, mapping } = await stageImport(ctx.db);
    return json("admin", `/api/imports/${id}/check`, { mapping });
  },
  "POST /api/imports/:id/commit": async (ctx) => {
    const { id, mapping } = await stageImport(ctx.db);
    return {
      ...json("admin", `/api/imports/${id}/commit`, { mapping }),
      checkAnswer: (body) =>
        body.trim().split("\n").at(-1)?.includes('"type":"done"') ? null : `it ended ${body.slice(-200)}`,
    };
  },
  "POST /api/imports/:id/undo": async (ctx) =>
    json("admin", `/api/imports/${await committedImport(ctx)}/undo`),
  "GET /api/imports/:id/failed_rows.csv": async (ctx) =>
    json("admin", `/api/imports/${await committedImport(ctx)}/failed_rows.csv`),
  "GET /api/analytics/:entity": async () => json("admin", "/api/analytics/load"),
  "GET /api/analytics/:entity/export.csv": async () => json("admin", "/api/analytics/load/export.csv"),
};

/** An import committed through the API, for its Undo and failed rows. */
async function committedImport(ctx: ValidCaseContext) {
  const { id, mapping } = await stageImport(ctx.db);
  const res = await ctx.send("admin", "POST", `/api/imports/${id}/commit`, { mapping });
  if (res.status !== 200) throw new Error(`setup commit of import ${id} answered ${res.status}`);
  return id;
}

/** A stored job application (with its CV) for the console routes. */
async function application(ctx: ValidCaseContext) {
  const [row] = await ctx.db
    .insert(jobApplications)
    .values({
      firstName: "Meera",
      lastName: "Iyer",
      email: `fuzz${next()}@example.com`,
      phone: "+919876543210",
      cvFileName: "cv.pdf",
      cvContentType: "application/pdf",
      cvSize: samplePdf().length,
      cvBytes: samplePdf(),
    })
    .returning({ id: jobApplications.id });
  return row!.id;
}

async function blogRevision(ctx: ValidCaseContext) {
  const id = await CREATE["/api/blog"]!(ctx);
  const list = await ctx.send("editor", "GET", `/api/blog/${id}/revisions`);
  return { id, revision: (list.body.data as unknown as { id: number }[])[0]!.id };
}

/** The collection shapes every console resource shares (crudRoutes). */
function collectionCase(route: FuzzRoute): Build | undefined {
  const match = /^(.*?)(\/:id|\/bulk_delete|\/restore)?$/.exec(route.url)!;
  const [, collection = "", tail] = match;
  const create = CREATE[collection];
  const role = roleOf(route);
  if (route.method === "GET" && !tail) return async () => json(role, route.url);
  if (!create) return undefined;
  if (route.method === "POST" && !tail && CREATE_BODY[collection])
    return async (ctx) => json(role, route.url, await CREATE_BODY[collection]!(ctx));
  if (tail === "/:id" && route.method === "GET")
    return async (ctx) => json(role, `${collection}/${await create(ctx)}`);
  if (tail === "/:id" && route.method === "PATCH" && CHANGE[collection])
    return async (ctx) => json(role, `${collection}/${await create(ctx)}`, CHANGE[collection]);
  if (tail === "/:id" && route.method === "DELETE")
    return async (ctx) => json(role, `${collection}/${await create(ctx)}`);
  if (tail === "/bulk_delete") return async (ctx) => json(role, route.url, { ids: [await create(ctx)] });
  if (tail === "/restore")
    return async (ctx) => {
      const id = await create(ctx);
      const gone = await ctx.send("admin", "DELETE", `${collection}/${id}`);
      if (gone.status !== 200) throw new Error(`setup DELETE ${collection}/${id} answered ${gone.status}`);
      return json(role, route.url, { ids: [id] });
    };
  return undefined;
}

/** The valid request for a route (its records created now), or null when the table has none. */
/** A fresh invited operator (through the API, as an admin invites); answers its id. */
async function fuzzInvitee(ctx: ValidCaseContext): Promise<number> {
  const created = await ctx.send("admin", "POST", "/api/operators/invite", {
    username: `fuzz-invitee-${next()}`,
    email: `fuzz-invitee-${next()}@example.com`,
    role: "editor",
  });
  return created.body.data!.id!;
}

export async function validCase(ctx: ValidCaseContext, route: FuzzRoute): Promise<ValidRequest | null> {
  const name = `${route.method} ${route.url}`;
  const build = SPECIAL[name] ?? collectionCase(route);
  if (!build) return null;
  const { headers, ...rest } = await build(ctx, route);
  const contentType: Record<string, string> =
    rest.payload === undefined ? {} : { "content-type": "application/json" };
  return { ...rest, method: route.method, headers: { ...contentType, ...headers } };
}
