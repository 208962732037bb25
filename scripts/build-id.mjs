import { execSync } from "node:child_process";

/** A build id that changes with every build: the commit (when there is one) and the build time. */
export function buildId() {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  let commit = "dev";
  try {
    commit = execSync("git rev-parse --short HEAD", { stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
  } catch {
    // Not a git checkout (a tarball deploy): the time alone still changes per build.
  }
  return `${commit}-${Date.now().toString(36)}`;
}
