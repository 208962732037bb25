import { index, route, type RouteConfig } from "@react-router/dev/routes";

/**
 * Three floors (README.md): the bare framework page, the design card's client packages on one
 * page, and a data page that reads through an API Worker and D1 like Tesoro's transactions page.
 */
export default [
  index("routes/home.tsx"),
  route("card", "routes/card.tsx"),
  route("accounts/:accountId/transactions", "routes/transactions.tsx"),
] satisfies RouteConfig;
