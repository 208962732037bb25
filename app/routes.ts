/**
 * The seed's route table. Layouts wrap pages; each page names its guard (see guards.server.ts):
 *
 * | name                                | path                               | layout  | guard |
 * |-------------------------------------|------------------------------------|---------|-------|
 * | index                               | /                                  | default | auth  |
 * | camera                              | /camera                            | default | none  |
 * | login                               | /login                             | login   | login |
 * | login-recover                       | /login/recover                     | login   | login |
 * | login-change-password-linkId        | /login/change-password/{linkId}    | login   | login |
 * | accounts                            | /accounts                          | default | auth  |
 * | settings                            | /settings                          | default | auth  |
 * | accounts-accountId-transactions     | /accounts/{accountId}/transactions | default | auth  |
 * | signup (beyond the seed)            | /signup                            | login   | login |
 * | signup-confirm-linkId (beyond)      | /signup/confirm/{linkId}           | login   | login |
 * | login-confirm-email-linkId (beyond) | /login/confirm-email/{linkId}      | login   | none  |
 * | login-undo-email-linkId (beyond)    | /login/undo-email/{linkId}         | login   | none  |
 * | transactions (beyond the seed)      | /transactions                      | default | auth  |
 * | quick-add (beyond the seed)         | /quick-add                         | default | auth  |
 * | reports (beyond the seed)           | /reports                           | default | auth  |
 * | reports-csv (beyond the seed)       | /reports.csv                       | none    | auth  |
 * | budgets (beyond the seed)           | /budgets                           | default | auth  |
 * | schedules (beyond the seed)         | /schedules                         | default | auth  |
 */
import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("layouts/default.tsx", [
    index("routes/overview/index.tsx", { id: "index" }),
    route("camera", "routes/camera/camera.tsx", { id: "camera" }),
    route("accounts", "routes/accounts/accounts.tsx", { id: "accounts" }),
    route("settings", "routes/settings/settings.tsx", { id: "settings" }),
    route("accounts/:accountId/transactions", "routes/transactions/accounts-accountId-transactions.tsx", { id: "accounts-accountId-transactions" }),
    route("transactions", "routes/register/register.tsx", { id: "transactions" }),
    // Quick add (issue 35): its action, and its form as a page where scripts do not run.
    route("quick-add", "routes/quick-add/quick-add.tsx", { id: "quick-add" }),
    route("reports", "routes/reports/reports.tsx", { id: "reports" }),
    // Budgets by month, quincena or pay cycle (issue 37).
    route("budgets", "routes/budgets/budgets.tsx", { id: "budgets" }),
    route("schedules", "routes/schedules/schedules.tsx", { id: "schedules" }),
    // Unmatched paths: a 404 in the default layout, so it keeps the header (a way on, sign-out),
    // rendered under root, so middleware (i18n) runs (STACK-NOTES trap 2).
    route("*", "routes/not-found.tsx", { id: "not-found" }),
  ]),
  layout("layouts/login.tsx", [
    route("login", "routes/auth/login.tsx", { id: "login" }),
    route("login/recover", "routes/auth/login-recover.tsx", { id: "login-recover" }),
    route("login/change-password/:linkId", "routes/auth/login-change-password-linkId.tsx", { id: "login-change-password-linkId" }),
    route("login/confirm-email/:linkId", "routes/auth/login-confirm-email-linkId.tsx", { id: "login-confirm-email-linkId" }),
    route("login/undo-email/:linkId", "routes/auth/login-undo-email-linkId.tsx", { id: "login-undo-email-linkId" }),
    route("signup", "routes/auth/signup.tsx", { id: "signup" }),
    route("signup/confirm/:linkId", "routes/auth/signup-confirm-linkId.tsx", { id: "signup-confirm-linkId" }),
  ]),
  // Actions without a page of their own.
  route("logout", "routes/auth/logout.tsx", { id: "logout" }),
  route("resources/locale", "routes/resources/locale.tsx", { id: "resources-locale" }),
  route("resources/export", "routes/resources/export.tsx", { id: "resources-export" }),
  route("resources/payees", "routes/payees/payee-suggestions.ts", { id: "resources-payees" }),
  route("resources/receipts/:transactionId", "routes/resources/receipts.tsx", { id: "resources-receipts" }),
  route("reports.csv", "routes/reports/reports-csv.tsx", { id: "reports-csv" }),
  route("accounts/:accountId/transactions.csv", "routes/transactions/accounts-accountId-transactions-csv.tsx", { id: "accounts-accountId-transactions-csv" }),
] satisfies RouteConfig;
