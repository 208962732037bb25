import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { describeError } from "../../app/lib/error-page";

describe("error page rules", () => {
  it("titles 404 'Page Not Found' with the seed's messages", () => {
    expect(describeError(new ErrorResponse(404, "Not Found", { messageKey: "errors.invalidParams" }))).toEqual({ status: 404, titleKey: "errors.notFoundTitle", title: null, messageKey: "errors.invalidParams" });
    expect(describeError(new ErrorResponse(404, "", null)).messageKey).toBe("errors.unmatched");
  });

  it("shows an error's own status message", () => {
    expect(describeError(new ErrorResponse(503, "Service Unavailable", null))).toMatchObject({ status: 503, title: "Service Unavailable", titleKey: null });
  });

  it("titles other statuses 'Internal Server Error' when they carry no message", () => {
    expect(describeError(new ErrorResponse(502, "", null))).toMatchObject({ status: 502, titleKey: "errors.serverErrorTitle" });
  });

  it("treats anything unhandled as 500", () => {
    expect(describeError(new Error("boom"))).toEqual({ status: 500, titleKey: "errors.serverErrorTitle", title: null, messageKey: "errors.generic" });
    expect(describeError("weird")).toMatchObject({ status: 500 });
  });
});
