/** /settings: categories added, renamed and deleted, with JavaScript and without it. */
import { expect, hydrated, randomIp, signInAs, test } from "../support/fixtures";

test("categories are added, edited and deleted in Settings; a name the user has is refused beside the field; a deleted category's transactions stay, uncategorised", async ({ page, request, signedIn }) => {
  const auth = { Authorization: `Bearer ${signedIn.token}`, "CF-Connecting-IP": randomIp() };
  await page.goto("/settings");
  await hydrated(page);
  const section = page.locator("#categories");
  await expect(section.getByRole("heading", { level: 2, name: "Categories" })).toBeVisible();
  // The default set is there from the start.
  await expect(section.getByTestId("category").filter({ hasText: "Groceries" })).toBeVisible();
  const add = section.getByRole("form", { name: "New category" });
  await add.getByLabel("Category name").fill("Mascotas");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText("Category added.")).toBeVisible();
  await expect(section.getByTestId("category").filter({ hasText: "Mascotas" })).toContainText("Expense");
  // Emptied for the next one, with the keyboard on its first field.
  await expect(add.getByLabel("Category name")).toHaveValue("");
  await expect(add.getByLabel("Category name")).toBeFocused();
  // A name the user already has, in the other language and another case: said beside the field, what was typed kept.
  await add.getByLabel("Category name").fill("supermercado");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByLabel("Category name")).toHaveAccessibleDescription("You already have a category with this name.");
  await expect(add.getByLabel("Category name")).toHaveValue("supermercado");

  const { categories } = await (await request.get("/api/v1/categories", { headers: auth })).json();
  const mascotas = categories.find((category: { name: string }) => category.name === "Mascotas");
  const { account } = await (await request.post("/api/v1/accounts", { headers: auth, data: { name: "BCP Soles", type: "checking", currency: "PEN" } })).json();
  const { transaction } = await (await request.post(`/api/v1/accounts/${account.id}/transactions`, { headers: auth, data: { date: "2026-11-20", description: "Veterinaria", amount: "-80.00", categoryId: mascotas.id } })).json();

  await section.locator('summary[aria-label="Edit Mascotas"]').click();
  const edit = section.getByRole("form", { name: "Edit Mascotas" });
  await edit.getByLabel("Category name").fill("Mascotas y veterinaria");
  await edit.getByLabel("Color").fill("#aa00cc");
  await edit.getByRole("button", { name: "Save category" }).click();
  await expect(page.getByText("Category saved.")).toBeVisible();
  const renamed = section.getByTestId("category").filter({ hasText: "Mascotas y veterinaria" });
  await expect(renamed).toBeVisible();
  // Saved, its form closes; focus is on the section, not at the top of the page.
  await expect(section.getByRole("form", { name: "Edit Mascotas y veterinaria" })).toBeHidden();
  await expect(section.getByRole("heading", { level: 2, name: "Categories" })).toBeFocused();
  expect((await (await request.get(`/api/v1/transactions/${transaction.id}`, { headers: auth })).json()).transaction.category).toMatchObject({ name: "Mascotas y veterinaria", color: "#aa00cc" });

  // The question can be declined, and nothing goes.
  page.once("dialog", (dialog) => void dialog.dismiss());
  await renamed.getByRole("button", { name: "Delete Mascotas y veterinaria" }).click();
  await expect(renamed).toBeVisible();
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toBe("Delete the category “Mascotas y veterinaria”? Its transactions stay, without a category.");
    void dialog.accept();
  });
  await renamed.getByRole("button", { name: "Delete Mascotas y veterinaria" }).click();
  await expect(page.getByText("Category deleted. Its transactions have no category now.")).toBeVisible();
  await expect(renamed).toHaveCount(0);
  await expect(section.getByRole("heading", { level: 2, name: "Categories" })).toBeFocused();
  const after = (await (await request.get(`/api/v1/transactions/${transaction.id}`, { headers: auth })).json()).transaction;
  expect(after).toMatchObject({ description: "Veterinaria", amount: "-80.00", categoryId: null });
});

test("without JavaScript a category is added, and a refused one keeps its name beside the message", async ({ browser, baseURL, user }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, extraHTTPHeaders: { "CF-Connecting-IP": randomIp() } });
  const page = await context.newPage();
  await signInAs(page, user, baseURL!);
  await page.goto("/settings");
  const add = page.getByRole("form", { name: "New category" });
  await add.getByLabel("Category name").fill("Colegio");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByTestId("category").filter({ hasText: "Colegio" })).toBeVisible();
  await add.getByLabel("Category name").fill("COLEGIO");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByText("You already have a category with this name.")).toBeVisible();
  await expect(add.getByLabel("Category name")).toHaveValue("COLEGIO");
  await context.close();
});
