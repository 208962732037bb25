import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { describeError } from "../../app/utils/error-page";

describe("error page rules", () => {
  it("titles 404 'Page Not Found' with the seed's messages", () => {
    expect(describeError(new ErrorResponse(404, "Not Found", { messageKey: "errors.invalidParams" }))).toEqual({ status: 404, titleKey: "errors.notFoundTitle", title: null, messageKey: "errors.invalidParams" });
    expect(describeError(new ErrorResponse(404, "", null)).messageKey).toBe("errors.unmatched");
  });

  it("shows an error's own status message, HTTP's standard phrases by key so they are translated", () => {
    expect(describeError(new ErrorResponse(503, "Service Unavailable", null))).toMatchObject({ status: 503, title: null, titleKey: "errors.reason.503" });
    expect(describeError(new ErrorResponse(400, "Bad Request", null))).toMatchObject({ status: 400, title: null, titleKey: "errors.reason.400" });
    expect(describeError(new ErrorResponse(503, "Down for maintenance", null))).toMatchObject({ status: 503, title: "Down for maintenance", titleKey: null });
  });

  it("has every standard phrase in both languages", async () => {
    const { REASON_PHRASES } = await import("../../core/http-reasons");
    const { en } = await import("../../core/i18n/locales/en");
    const { es } = await import("../../core/i18n/locales/es");
    for (const [status, phrase] of Object.entries(REASON_PHRASES)) {
      expect((en.errors.reason as Record<string, string>)[status]).toBe(phrase);
      expect((es.errors.reason as Record<string, string>)[status]).toMatch(/\p{L}/u);
    }
  });

  it("titles other statuses 'Internal Server Error' when they carry no message", () => {
    expect(describeError(new ErrorResponse(502, "", null))).toMatchObject({ status: 502, titleKey: "errors.serverErrorTitle" });
  });

  it("treats anything unhandled as 500", () => {
    expect(describeError(new Error("boom"))).toEqual({ status: 500, titleKey: "errors.serverErrorTitle", title: null, messageKey: "errors.generic" });
    expect(describeError("weird")).toMatchObject({ status: 500 });
  });
});
