/**
 * A job's title with its location in brackets, for the page title: "Payroll Specialist (Remote, India)", as
 * a location's own brackets ("Remote (India)") nested in them would read badly.
 */
export const jobWithLocation = (title: string, location: string) =>
  `${title} (${location.replace(/\s*\(([^()]*)\)/g, ", $1").trim()})`;
