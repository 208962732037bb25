/** The demo user that `npm start` creates and prints. */
export const DEMO_USER = {
  id: "00000000-0000-4000-8000-00000000d3e0",
  email: "demo@tesoro.local",
  name: "Demo Tesoro",
  password: "Lima-ceviche-sol-2026",
};
