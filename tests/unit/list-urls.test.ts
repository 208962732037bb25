import { describe, expect, it } from "vitest";
import { editHrefsOf, withParams } from "../../app/routes/transactions/list-urls";

describe("list addresses", () => {
  it("builds each row's edit link as withParams does, the page's parameters copied once", () => {
    const bases = ["", "q=caf%C3%A9&from=2026-11-01", "new=1", "new=1&page=2&cursor=abc", "edit=old&page=3", "select=all&q=a+b"];
    const ids = ["5eed0001-0000-7000-8000-00000000009f", "a b&c=d", "ñ/é?#", ""];
    for (const search of bases) {
      const base = new URLSearchParams(search);
      const editHrefOf = editHrefsOf(base);
      for (const id of ids) expect(editHrefOf(id)).toBe(withParams(base, { edit: id, new: null }));
    }
  });
});
