/** The demo user that `npm start` creates and prints. */
export const DEMO_USER = {
  id: "00000000-0000-4000-8000-00000000d3e0",
  email: "demo@tesoro.local",
  name: "Demo Tesoro",
  password: "Lima-ceviche-sol-2026",
};

/**
 * Signs the demo user in through the real API and returns the token, and the `tesoro_session`
 * cookie value as the app writes it (React Router's cookie encoding: base64 of the JSON string).
 */
export async function signInDemo(origin) {
  const response = await fetch(`${origin}/api/v1/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: origin, "Sec-Fetch-Site": "same-origin" },
    body: JSON.stringify({ email: DEMO_USER.email, password: DEMO_USER.password }),
  });
  if (!response.ok) throw new Error(`demo sign-in failed: ${response.status} ${await response.text()}`);
  const { token } = await response.json();
  return { token, cookie: Buffer.from(JSON.stringify(token)).toString("base64") };
}
