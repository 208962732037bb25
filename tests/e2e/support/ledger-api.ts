/** Ledger data a test is not about, made through the API to keep the test short. */
import type { APIRequestContext } from "@playwright/test";
import { expect, randomIp, type TestUser } from "./fixtures";

export async function apiPost<T>(request: APIRequestContext, user: TestUser, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v1${path}`, { data, headers: { Authorization: `Bearer ${user.token}`, "CF-Connecting-IP": randomIp() } });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

export async function createAccount(request: APIRequestContext, user: TestUser, body: Record<string, string>) {
  const { account } = await apiPost<{ account: { id: string } }>(request, user, "/accounts", { type: "checking", currency: "PEN", openingBalance: "0.00", ...body });
  return account.id;
}

export async function addTransactions(request: APIRequestContext, user: TestUser, accountId: string, rows: Array<Record<string, string>>) {
  for (const row of rows) await apiPost(request, user, `/accounts/${accountId}/transactions`, row);
}
