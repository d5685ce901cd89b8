// One fixed zone (the company's) so the server's HTML and the browser's hydration print the same date.
const longDate = new Intl.DateTimeFormat("en-IN", { dateStyle: "long", timeZone: "Asia/Kolkata" });

/** "5 March 2026" */
export const formatDate = (value: Date | string) => longDate.format(new Date(value));

/** "2026-03-05", for the datetime attribute of <time>. */
export const isoDate = (value: Date | string) => new Date(value).toISOString();
