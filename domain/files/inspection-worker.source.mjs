// The inspection worker loaded from its TypeScript source, in development and tests: tsx's loader, which
// runs the server from source, does not reach worker threads on Node 20. The build runs the compiled file.
import { tsImport } from "tsx/esm/api";

const worker = await tsImport("./inspection-worker.ts", import.meta.url);
export default worker.default;
