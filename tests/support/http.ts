import { request } from "node:http";

/**
 * POSTs `body` over a real socket in two writes `pauseMs` apart, split at byte `cut` (how a slow network
 * delivers an upload); answers "status message" of the JSON reply, or "error …".
 */
export function postInTwoWrites(
  origin: string,
  path: string,
  body: Buffer,
  cut: number,
  headers: Record<string, string>,
  pauseMs = 300,
) {
  const url = new URL(origin);
  return new Promise<string>((resolve) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: "POST",
        path,
        headers: { ...headers, "content-length": body.length },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () =>
          resolve(`${res.statusCode} ${(JSON.parse(text) as { message: string }).message}`),
        );
      },
    );
    req.on("error", (error) => resolve(`error ${error.message}`));
    req.write(body.subarray(0, cut));
    setTimeout(() => req.end(body.subarray(cut)), pauseMs);
  });
}

/**
 * GETs `path` byte for byte over node:http and answers status and text. `fetch` resolves dot segments
 * (`/media/x/../../etc/passwd` becomes `/etc/passwd`) before sending, so traversal probes need this.
 */
export function rawGet(origin: string, path: string, headers: Record<string, string> = {}) {
  const url = new URL(origin);
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method: "GET", path, headers }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end();
  });
}
