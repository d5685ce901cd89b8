import { ensureBuild } from "../support/build";

/** The reliability and security suites run the built server; it is built first unless it is current. */
export default function setup() {
  ensureBuild();
}
