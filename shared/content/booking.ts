/** The words of the booking pages (/book-a-call and what follows it). */
export const bookingPage = {
  seo: {
    title: "Book a 30-minute call",
    description:
      "Pick a free time for a 30-minute call with a GCC View 360 expert about your Global Capability Centre in India, shown in your own time zone.",
  },
  heading: "Book a 30-minute call",
  lead: "Pick a time that suits you for a call with one of our experts. Times are shown in your time zone.",
  slotsHeading: "1. Pick a time",
  detailsHeading: "2. Your details",
  noSlots:
    "There are no free times in the coming weeks. Write to us with the contact form and we will find a time with you.",
  submit: "Book the call",
  formError: "The call could not be booked",
};

export const bookingLabels = {
  start: "Time",
  name: "Your name",
  email: "E-mail",
  company: "Company",
  note: "What would you like to talk about?",
  time_zone: "Time zone",
} as const;
export type BookingField = keyof typeof bookingLabels;
export const BOOKING_FIELDS = Object.keys(bookingLabels) as BookingField[];

export const BOOKING_TOO_MANY =
  "Too many bookings from your network. Please wait a few minutes and try again.";
export const BOOKING_FAILED = "We could not book the call. Please try again in a moment.";
