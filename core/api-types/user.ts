/** Shapes the API answers with, as the app sees them. */
export interface ApiUser {
  id: string;
  email: string;
  name: string;
  locale: "en" | "es";
  timeZone: string;
  theme: "system" | "light" | "dark";
  createdAt: number;
}

export interface SessionResponse {
  token: string;
  remember: boolean;
  expiresAt: number | null;
  user: ApiUser;
}
