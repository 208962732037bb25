/**
 * The account itself: change the sign-in email (needs the password), export everything, delete
 * everything (needs the password). Preferences are PATCH /users/me (users.ts).
 */
import { createRoute, z } from "@hono/zod-openapi";
import { changeEmailSchema, deleteAccountSchema, exportQuerySchema } from "../../../../app/lib/schemas/settings";
import { exportFileName, exportHead, exportJson, exportZip, transactionChunks } from "../export";
import { createRouter } from "../hono";
import { bearer, json, jsonBody, problemResponse } from "../openapi-helpers";
import { problem, validationProblem } from "../problem";
import { sendSecurityNotice } from "../notices";
import { deleteUserReceipts } from "../receipts";
import { requireSession } from "../sessions";
import { findUserByEmail, findUserById, normalizeEmail, toApiUser } from "../users";
import { checkCurrentPassword, userSchema } from "./auth";

export const accountRoutes = createRouter();

accountRoutes.openapi(
  createRoute({
    method: "post",
    path: "/users/me/email",
    summary: "Change the sign-in email; needs the current password",
    security: bearer,
    middleware: [requireSession] as const,
    request: { body: jsonBody(changeEmailSchema) },
    responses: {
      200: { description: "Changed", ...json(z.object({ user: userSchema })) },
      401: problemResponse("No session"),
      409: problemResponse("Another account uses this email"),
      422: problemResponse("Invalid input or wrong password"),
      429: problemResponse("Locked after repeated wrong passwords"),
    },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const user = await findUserById(c.env.DB, c.get("user").id);
    if (!user) return problem(c, 401, "unauthenticated");
    const refused = await checkCurrentPassword(c, user, input.password, "password", "settings.validation.wrongPassword");
    if (refused) return refused;
    // Nothing to change: saying "changed" would be false. A change of case alone is a change.
    if (input.email.trim() === user.email) return validationProblem(c, { email: ["settings.validation.sameEmail"] }, 422);
    const normalized = normalizeEmail(input.email);
    if (normalized !== user.email_normalized) {
      const other = await findUserByEmail(c.env.DB, input.email);
      if (other && other.id !== user.id) return validationProblem(c, { email: ["auth.emailTaken"] }, 409);
    }
    try {
      await c.env.DB.prepare("UPDATE users SET email = ?1, email_normalized = ?2, updated_at = ?3 WHERE id = ?4").bind(input.email.trim(), normalized, Date.now(), user.id).run();
    } catch (error) {
      // A concurrent change to the same address won the UNIQUE index: same answer as the check.
      if (String(error).includes("UNIQUE")) return validationProblem(c, { email: ["auth.emailTaken"] }, 409);
      throw error;
    }
    // The old address hears of it: after this, it can neither sign in nor recover the password.
    sendSecurityNotice(c, user, { kind: "emailChanged", newEmail: input.email.trim() });
    return c.json({ user: toApiUser((await findUserById(c.env.DB, user.id))!) }, 200);
  },
);

accountRoutes.openapi(
  createRoute({
    method: "get",
    path: "/users/me/export",
    summary: "Everything of the user: accounts, transactions, categories, as JSON or a zip of CSV files",
    security: bearer,
    middleware: [requireSession] as const,
    request: { query: exportQuerySchema },
    responses: {
      200: {
        description: "The export, as an attachment",
        content: { "application/json": { schema: z.record(z.string(), z.unknown()) }, "application/zip": { schema: z.string().openapi({ format: "binary" }) } },
      },
      401: problemResponse("No session"),
      422: problemResponse("Unknown format"),
    },
  }),
  async (c) => {
    const { format } = c.req.valid("query");
    const user = c.get("user");
    const head = await exportHead(c.env.DB, user);
    const transactions = transactionChunks(c.env.DB, user, Date.parse(head.exportedAt));
    const headers = { "Content-Disposition": `attachment; filename="${exportFileName(format, head)}"`, "Cache-Control": "private, no-store" };
    if (format === "zip") return new Response(exportZip(head, transactions), { status: 200, headers: { ...headers, "Content-Type": "application/zip" } });
    return new Response(exportJson(head, transactions), { status: 200, headers: { ...headers, "Content-Type": "application/json; charset=utf-8" } });
  },
);

accountRoutes.openapi(
  createRoute({
    method: "delete",
    path: "/users/me",
    summary: "Delete the account: every row of the user and every receipt image; needs the password",
    security: bearer,
    middleware: [requireSession] as const,
    request: { body: jsonBody(deleteAccountSchema) },
    responses: { 204: { description: "Deleted" }, 401: problemResponse("No session"), 422: problemResponse("Wrong password or not confirmed"), 429: problemResponse("Locked after repeated wrong passwords") },
  }),
  async (c) => {
    const input = c.req.valid("json");
    const user = await findUserById(c.env.DB, c.get("user").id);
    if (!user) return problem(c, 401, "unauthenticated");
    const refused = await checkCurrentPassword(c, user, input.password, "password", "settings.validation.wrongPassword");
    if (refused) return refused;
    // Images first: if this fails the rows are still there and the user can try again; the
    // other way round could leave images nobody can reach or delete.
    await deleteUserReceipts(c.env.RECEIPTS, user.id);
    // Sessions, links, accounts, transactions and categories go with the user (ON DELETE CASCADE).
    await c.env.DB.batch([
      c.env.DB.prepare("DELETE FROM idempotency_keys WHERE user_id = ?1").bind(user.id),
      c.env.DB.prepare("DELETE FROM users WHERE id = ?1").bind(user.id),
    ]);
    return c.body(null, 204);
  },
);
