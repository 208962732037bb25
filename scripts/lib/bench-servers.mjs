import { spawn } from "node:child_process";
import path from "node:path";
import { childEnv, root } from "./run.mjs";

/**
 * The `wrangler dev` servers a bench starts (Tesoro's and the floors'): started with their output
 * kept for the error message, waited for, and stopped, waiting for each to exit so the next
 * bench finds its ports free.
 */
export function benchServers() {
  const children = [];

  function start(args) {
    const child = spawn(path.join(root, "node_modules", ".bin", "wrangler"), args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], env: childEnv() });
    let output = "";
    child.stdout.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
    child.stderr.on("data", (chunk) => (output = (output + chunk).slice(-4000)));
    children.push(child);
    return { child, output: () => output };
  }

  async function waitFor(url, server, headers = {}) {
    for (let i = 0; i < 240; i++) {
      if (server.child.exitCode !== null) throw new Error(`the server for ${url} exited:\n${server.output()}`);
      try {
        if ((await fetch(url, { headers })).ok) return;
      } catch {
        /* not up yet */
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error(`${url} did not answer:\n${server.output()}`);
  }

  function stopAll() {
    return Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once("exit", resolve);
            child.kill("SIGTERM");
          }),
      ),
    );
  }

  return { start, waitFor, stopAll };
}
