import { z } from "zod";

export const loginSchema = z.object({
  username: z.string().trim().toLowerCase().min(1, "Enter your username").max(100, "Username is too long"),
  password: z.string().min(1, "Enter your password").max(200, "Password is too long"),
});
export type LoginInput = z.input<typeof loginSchema>;

export interface LoginResponse {
  access_token: string;
  user_id: number;
  username: string;
  role: "admin" | "editor";
}

export interface RefreshResponse {
  error_code: number;
  message?: string;
  data: { access_token: string } | Record<string, never>;
}
