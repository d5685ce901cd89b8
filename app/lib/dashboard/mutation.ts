import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "#app/lib/toast.tsx";
import { ApiError, send, type ApiRequest } from "./api";

/**
 * A console write: toast on success, the server's message in an error toast on failure, and every list
 * under `invalidate` refetched.
 */
export function useConsoleMutation<TInput, TAnswer = unknown>(options: {
  /** Built with `request(route, …)`, so the route and its body are checked against the API. */
  request: (input: TInput) => ApiRequest<TAnswer>;
  success: string;
  invalidate: string[];
  onSuccess?: (input: TInput) => void;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TInput) => send(options.request(input)),
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
