import { SITE_NAME } from "#shared/site.ts";

/** A console page's title, e.g. "Blog | GCC View 360 Console". */
export const consoleMeta = (title: string) => [{ title: `${title} | ${SITE_NAME} Console` }];
