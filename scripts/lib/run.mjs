import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import path from "node:path";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const binDir = path.join(root, "node_modules", ".bin");
const bin = (name) => path.join(binDir, name);

/** The environment for child tools: node_modules/.bin first, so `node` is the pinned Node 24. */
export function childEnv(extra = {}) {
  return { ...process.env, PATH: `${binDir}${path.delimiter}${process.env.PATH ?? ""}`, ...extra };
}

/** Runs a command from node_modules/.bin (or an absolute one), streaming its output; rejects on failure. `cwd` defaults to the repository. */
export function run(command, args, options = {}) {
  const executable = command.includes("/") ? command : bin(command);
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, { cwd: options.cwd ?? root, stdio: options.quiet ? ["ignore", "pipe", "pipe"] : "inherit", env: childEnv(options.env) });
    let output = "";
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(" ")} exited with ${code}\n${output}`))));
  });
}

/** Where local D1/R2 state lives; tests use their own folder so they never touch the demo data. */
export function stateDir() {
  return process.env.TESORO_STATE_DIR ?? ".wrangler/state";
}

export const API_CONFIG = "workers/api/wrangler.toml";

/**
 * Waits up to `patienceMs` for nothing to answer on localhost:`port`, then throws: a server already
 * there would answer in place of the one a script is about to start (on its own data, with
 * processes that are not the script's children).
 */
export async function requireFreePort(port, patienceMs = 0) {
  for (let waited = 0; ; waited += 500) {
    const taken = await fetch(`http://localhost:${port}/`, { signal: AbortSignal.timeout(2_000) }).then(
      () => true,
      () => false,
    );
    if (!taken) return;
    if (waited >= patienceMs) throw new Error(`port ${port} is already served by another process: stop it first (pkill -f "wrangler dev")`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
