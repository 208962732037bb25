/**
 * Honeypot fields on the public forms. Built on first use inside a request: the library draws
 * random bytes in its constructor, which a Worker refuses at module scope (STACK-NOTES trap 4).
 * The seed comes from a secret so every isolate can read every other's timestamps.
 */
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import type { AppEnv } from "./context.server";

const DEVELOPMENT_SEED = "tesoro-development-honeypot-seed";
/** The library's own default names, stated so the check below can require them. */
const NAME_FIELD = "name__confirm";
const VALID_FROM_FIELD = "from__confirm";
let instance: Honeypot | null = null;

function honeypot(env: AppEnv): Honeypot {
  if (!instance) {
    const seed = env.HONEYPOT_SECRET || (env.ENVIRONMENT === "production" ? null : DEVELOPMENT_SEED);
    if (!seed) throw new Error("HONEYPOT_SECRET is not set");
    instance = new Honeypot({ encryptionSeed: seed, nameFieldName: NAME_FIELD, validFromFieldName: VALID_FROM_FIELD });
  }
  return instance;
}

type InputProps = Awaited<ReturnType<Honeypot["getInputProps"]>>;
/** How long one encrypted "valid from" serves every page an isolate renders. */
const INPUT_PROPS_REUSE_MS = 10_000;
let reused: { props: Promise<InputProps>; until: number } | null = null;

/**
 * The honeypot's inputs, for root data on every page. Each set costs an AES-GCM key derivation and
 * encryption (Web Crypto) of the current time, which the check only ever compares with "now"
 * (a time in the future is spam); the same set for every page of the next 10 s loses nothing.
 */
export function honeypotInputProps(env: AppEnv): Promise<InputProps> {
  const now = Date.now();
  if (!reused || now >= reused.until) {
    const props = honeypot(env)
      .getInputProps({ validFromTimestamp: now })
      .catch((error: unknown) => {
        reused = null;
        throw error;
      });
    reused = { props, until: now + INPUT_PROPS_REUSE_MS };
  }
  return reused.props;
}

/**
 * Throws a 400 when a bot filled the hidden field, or sent the form without the honeypot at all:
 * the library skips its check then, but every public form renders the fields (with or without
 * JavaScript), so only something that never loaded the page posts without them.
 */
export async function checkHoneypot(formData: FormData, env: AppEnv): Promise<void> {
  const spam = () => new Response("Form not submitted properly", { status: 400 });
  if (!formData.has(NAME_FIELD) || !formData.has(VALID_FROM_FIELD)) throw spam();
  try {
    await honeypot(env).check(formData);
  } catch (error) {
    // A forged "valid from" fails to decrypt (a DOMException from Web Crypto or atob): spam too, not a 500.
    if (error instanceof SpamError || error instanceof DOMException) throw spam();
    throw error;
  }
}
