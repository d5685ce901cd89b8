import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "~/lib/toast";
import { api, ApiError } from "./api";

export interface ConsoleRequest {
  path: string;
  method: "POST" | "PATCH" | "PUT" | "DELETE";
  body?: Record<string, unknown> | FormData;
}

/**
 * A console write: toast on success, the server's message in an error toast on failure, and every list
 * under `invalidate` refetched.
 */
export function useConsoleMutation<TInput>(options: {
  request: (input: TInput) => ConsoleRequest;
  success: string;
  invalidate: string[];
  onSuccess?: (input: TInput) => void;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => {
      const { path, method, body } = options.request(input);
      return api<unknown>(path, { method, body });
    },
    onSuccess: async (_answer, input) => {
      toast.success(options.success);
      await Promise.all(options.invalidate.map((key) => client.invalidateQueries({ queryKey: [key] })));
      options.onSuccess?.(input);
    },
    onError: (error) => toast.error(error.message),
  });
}

/** Field messages of a 400 answer, for inline errors. */
export const fieldErrorsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? error.fields : {};
