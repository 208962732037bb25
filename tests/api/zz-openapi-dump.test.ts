import { SELF } from "cloudflare:test";
import { it } from "vitest";
it("dumps", async () => {
  const r = await SELF.fetch("https://tesoro.test/api/v1/openapi.json");
  console.log("OPENAPI>>>" + (await r.text()) + "<<<OPENAPI");
});
