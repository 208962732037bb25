/**
 * The session cookie in a running Chromium's jar, over the DevTools protocol, as a signed-in
 * browser has it (Lighthouse drives its own Chromium, so Playwright's cookie helpers do not reach
 * it). `cookie` null clears every cookie instead: a signed-out visit.
 */
export async function setSessionCookie(port, origin, cookie) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = () => reject(new Error("no DevTools connection"));
  });
  try {
    await new Promise((resolve, reject) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data));
        if (message.id !== 1) return;
        if (message.error) reject(new Error(message.error.message));
        else resolve();
      };
      const command =
        cookie === null
          ? { id: 1, method: "Storage.clearCookies", params: {} }
          : { id: 1, method: "Storage.setCookies", params: { cookies: [{ name: "tesoro_session", value: cookie, url: origin, path: "/", httpOnly: true, sameSite: "Lax" }] } };
      socket.send(JSON.stringify(command));
    });
  } finally {
    socket.close();
  }
}
