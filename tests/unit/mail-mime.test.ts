import { describe, expect, it } from "vitest";
import { mime } from "../../workers/api/src/platform/mail";

describe("mime", () => {
  const message = { to: "ana@example.com", subject: "Contraseña cambiada", text: "Hola Ana,\n\nÑandú", html: "<p>Hola Ana</p>" };

  it("sends from the no-reply sender and has replies reach the support mailbox", () => {
    const raw = mime("Tesoro <no-reply@tesoro.example.com>", "support@tesoro.example.com", message);
    const headers = raw.slice(0, raw.indexOf("\r\n\r\n")).split("\r\n");
    expect(headers).toContain("From: Tesoro <no-reply@tesoro.example.com>");
    expect(headers).toContain("Reply-To: support@tesoro.example.com");
    expect(headers).toContain("To: ana@example.com");
  });

  it("encodes a subject and bodies outside ASCII so they arrive as written", () => {
    const raw = mime("Tesoro <no-reply@tesoro.example.com>", "support@tesoro.example.com", message);
    const subject = /^Subject: =\?UTF-8\?B\?([^?]+)\?=$/m.exec(raw)?.[1];
    expect(subject && new TextDecoder().decode(Uint8Array.from(atob(subject), (ch) => ch.charCodeAt(0)))).toBe("Contraseña cambiada");
    const parts = raw.split(/\r\n\r\n/).slice(2, 4).map((part) => part.split("\r\n--")[0]!.replace(/\r\n/g, ""));
    expect(parts.map((part) => new TextDecoder().decode(Uint8Array.from(atob(part), (ch) => ch.charCodeAt(0))))).toEqual([message.text, message.html]);
  });
});
