import { HttpError } from "../domain/errors";

export { HttpError };

export const notFound = (what = "Resource") => new HttpError(404, `${what} not found`);
