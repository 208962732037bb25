import { HTTPException } from "hono/http-exception";
import { edgeBodyLimit } from "./platform/body-limit";
import { createRouter } from "./platform/router";
import { problemSchema } from "./platform/openapi";
import { problem, translatedProblem } from "./platform/problem";
import { MAX_RECEIPT_BYTES } from "../../../core/receipt-image";
import { IMPORT_MAX_BYTES } from "../../../core/schemas/ledger";
import { accountRoutes } from "./account/routes";
import { accountsRoutes } from "./accounts/routes";
import { authRoutes } from "./auth/routes";
import { budgetRoutes } from "./budgets/routes";
import { categoryRoutes } from "./categories/routes";
import { exportRoutes } from "./export/routes";
import { IMPORT_PATH, importRoutes } from "./import/routes";
import { overviewRoutes } from "./overview/routes";
import { reportsRoutes } from "./reports/routes";
import { payeeRoutes } from "./payees/routes";
import { drainReceiptTrash } from "./receipts/objects";
import { RECEIPT_PATH, receiptRoutes } from "./receipts/routes";
import { signupRoutes } from "./signup/routes";
import { systemRoutes } from "./system/routes";
import { CREATE_WITH_RECEIPT_PATH, transactionRoutes } from "./transactions/routes";
import { bulkRoutes } from "./transactions/bulk-routes";
import { transferRoutes } from "./transfers/routes";
import { reconcileRoutes } from "./reconcile/routes";
import { RESTORE_MAX_BYTES, RESTORE_PATH, restoreRoutes } from "./restore/routes";
import { rateRoutes } from "./rates/routes";
import { transferRateRoutes } from "./rates/transfers";
import { scheduleRoutes } from "./schedules/routes";

/** JSON bodies larger than this are refused with 413 before they are read. */
export const MAX_JSON_BYTES = 64 * 1024;

export function createApi(basePath = "/api/v1") {
  const api = createRouter().basePath(basePath);

  api.use("*", async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    if (!c.res.headers.has("Cache-Control")) c.header("Cache-Control", "private, no-store");
  });
  // Every body is limited at the edge (413 problem+json, platform/body-limit.ts): CSV import takes
  // 5 MB of text/csv, receipt images (PUT …/receipt, or a transaction created with one) 10 MB, everything else (JSON) 64 KB.
  api.use(
    "*",
    edgeBodyLimit(
      [
        { method: "POST", path: IMPORT_PATH, maxBytes: IMPORT_MAX_BYTES, tooLargeKey: "api.tooLarge" },
        { method: "PUT", path: RECEIPT_PATH, maxBytes: MAX_RECEIPT_BYTES, tooLargeKey: "camera.errors.tooLarge" },
        // A transaction created with its receipt (multipart): the image's limit, and room for the fields.
        { method: "POST", path: CREATE_WITH_RECEIPT_PATH, maxBytes: MAX_RECEIPT_BYTES + MAX_JSON_BYTES, tooLargeKey: "camera.errors.tooLarge" },
        // "Import everything": the whole export file, receipts included (ADR 060).
        { method: "POST", path: RESTORE_PATH, maxBytes: RESTORE_MAX_BYTES, tooLargeKey: "settings.importEverything.errors.tooLarge" },
      ],
      { maxBytes: MAX_JSON_BYTES, tooLargeKey: "api.tooLarge" },
    ),
  );
  // A deleted transaction takes its receipt image along (migration 0003 queues the key).
  api.use("*", async (c, next) => {
    await next();
    if (c.req.method === "DELETE" && c.res.status < 300) await drainReceiptTrash(c.env.DB, c.env.RECEIPTS);
  });

  // One router per feature. No two features' routes match the same request, so the order only
  // sets the order of the OpenAPI document's paths.
  api.route("/", systemRoutes);
  api.route("/", authRoutes);
  api.route("/", signupRoutes);
  api.route("/", accountRoutes);
  api.route("/", accountsRoutes);
  api.route("/", transactionRoutes);
  api.route("/", bulkRoutes);
  api.route("/", exportRoutes);
  api.route("/", transferRoutes);
  api.route("/", reconcileRoutes);
  api.route("/", categoryRoutes);
  api.route("/", importRoutes);
  api.route("/", overviewRoutes);
  api.route("/", reportsRoutes);
  api.route("/", payeeRoutes);
  api.route("/", receiptRoutes);
  api.route("/", restoreRoutes);
  api.route("/", budgetRoutes);
  api.route("/", rateRoutes);
  api.route("/", transferRateRoutes);
  api.route("/", scheduleRoutes);

  api.openAPIRegistry.registerComponent("securitySchemes", "bearerAuth", { type: "http", scheme: "bearer" });
  api.openAPIRegistry.register("Problem", problemSchema);
  api.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title: "Tesoro API", version: "1.0.0", description: "Accounts, transactions and sign-in for Tesoro. Errors are RFC 9457 problem+json." },
  });

  api.notFound((c) => problem(c, 404, "not-found"));
  api.onError((error, c) => {
    if (error instanceof HTTPException) {
      const status = error.status;
      if (status === 400) return translatedProblem(c, 400, "malformed", "validation.invalidBody");
      if (status === 415) return translatedProblem(c, 415, "unsupported-media-type", "api.unsupportedMediaType");
      return problem(c, status, "http-error", { detail: error.message });
    }
    console.error("Unhandled API error", error);
    return problem(c, 500, "internal");
  });
  return api;
}
