/**
 * Honeypot fields on the public forms. Built on first use inside a request: the library draws
 * random bytes in its constructor, which a Worker refuses at module scope (STACK-NOTES trap 4).
 * The seed comes from a secret so every isolate can read every other's timestamps.
 */
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import type { AppEnv } from "./context.server";

const DEVELOPMENT_SEED = "tesoro-development-honeypot-seed";
let instance: Honeypot | null = null;

function honeypot(env: AppEnv): Honeypot {
  if (!instance) {
    const seed = env.HONEYPOT_SECRET || (env.ENVIRONMENT === "production" ? null : DEVELOPMENT_SEED);
    if (!seed) throw new Error("HONEYPOT_SECRET is not set");
    instance = new Honeypot({ encryptionSeed: seed });
  }
  return instance;
}

export function honeypotInputProps(env: AppEnv) {
  return honeypot(env).getInputProps();
}

/** Throws a 400 when a bot filled the hidden field. */
export async function checkHoneypot(formData: FormData, env: AppEnv): Promise<void> {
  try {
    await honeypot(env).check(formData);
  } catch (error) {
    if (error instanceof SpamError) throw new Response("Form not submitted properly", { status: 400 });
    throw error;
  }
}
