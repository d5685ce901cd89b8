/** The site's name, in page titles, feeds and structured data (the UI and the server's RSS feed). */
export const SITE_NAME = "GCC View 360";
