import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { dataAnswerOf, listAnswerOf, messageAnswerSchema, recordAnswerOf } from "#schemas/api-responses.ts";
import {
  bookingCancelSchema,
  bookingListQuerySchema,
  bookingRequestSchema,
  bookingRescheduleSchema,
  bookingSchema,
  bookingSettingsSchema,
  HOURS_TIME_ZONE,
  slotSchema,
  slotsQuerySchema,
} from "#schemas/booking.ts";
import { recordId } from "#schemas/common.ts";
import { currentOperator } from "../plugins/access";
import type { ZodProvider } from "../zod-provider";

const idParams = z.object({ id: recordId() });
const bookedSchema = z.object({ id: z.number().int(), start: z.string(), time_zone: z.string() });

/** Booking a 30-minute call: free slots, the visitor's booking and its e-mailed link, and the console's side. */
export async function bookingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodProvider>();

  app.get(
    "/api/bookings/slots",
    {
      config: { access: "public" },
      schema: {
        querystring: slotsQuerySchema,
        response: {
          200: z.object({ success: z.literal(true), time_zone: z.string(), slots: z.array(slotSchema) }),
        },
      },
    },
    async (request, reply) => {
      const slots = await app.services.bookings.slots();
      void reply.header("Cache-Control", "no-store");
      return {
        success: true as const,
        time_zone: request.query.tz ?? HOURS_TIME_ZONE,
        slots: slots.map((s) => ({
          start: s.toISOString(),
          end: new Date(s.getTime() + 30 * 60_000).toISOString(),
        })),
      };
    },
  );

  app.post(
    "/api/bookings",
    {
      config: { access: "public", acceptedPosts: "bookings", conversion: "booking" },
      schema: { body: bookingRequestSchema, response: { 201: recordAnswerOf(bookedSchema) } },
    },
    async (request, reply) => {
      const data = await app.services.bookings.book(request.body);
      return reply.status(201).send({
        success: true,
        message: "Your call is booked. We have e-mailed you the invitation.",
        data,
      });
    },
  );

  // The e-mail's link: cancel, or move to another free time. Counted like a public form.
  app.post(
    "/api/bookings/cancel",
    {
      config: { access: "public", acceptedPosts: "booking-changes" },
      schema: { body: bookingCancelSchema, response: { 200: messageAnswerSchema } },
    },
    async (request) => {
      await app.services.bookings.cancelByToken(request.body.token);
      return { success: true as const, message: "Your call is cancelled. We have e-mailed you.", data: [] };
    },
  );

  app.post(
    "/api/bookings/reschedule",
    {
      config: { access: "public", acceptedPosts: "booking-changes" },
      schema: { body: bookingRescheduleSchema, response: { 200: recordAnswerOf(bookedSchema) } },
    },
    async (request) => {
      const data = await app.services.bookings.reschedule(request.body);
      return {
        success: true as const,
        message: "Your call is moved. We have e-mailed you the new invitation.",
        data,
      };
    },
  );

  // The console.
  app.get(
    "/api/booking_settings",
    { config: { access: "admin" }, schema: { response: { 200: dataAnswerOf(bookingSettingsSchema) } } },
    async () => ({ success: true as const, data: await app.services.bookings.getSettings() }),
  );

  app.put(
    "/api/booking_settings",
    {
      config: { access: "admin" },
      schema: {
        body: bookingSettingsSchema.strict(),
        response: { 200: recordAnswerOf(bookingSettingsSchema) },
      },
    },
    async (request) => {
      const data = await app.services.bookings.updateSettings(currentOperator(request), request.body);
      return { success: true as const, message: "Booking hours saved.", data };
    },
  );

  app.get(
    "/api/bookings",
    {
      config: { access: "admin" },
      schema: {
        querystring: bookingListQuerySchema,
        response: { 200: listAnswerOf("bookings", bookingSchema) },
      },
    },
    async (request) => {
      const rows = await app.services.bookings.list(request.query.status);
      return { success: true as const, bookings_data: rows, total_no_of_data: rows.length };
    },
  );

  app.post(
    "/api/bookings/:id/cancel",
    { config: { access: "admin" }, schema: { params: idParams, response: { 200: messageAnswerSchema } } },
    async (request) => {
      await app.services.bookings.cancel(currentOperator(request), request.params.id);
      return { success: true as const, message: "Call cancelled; both sides are e-mailed.", data: [] };
    },
  );
}
