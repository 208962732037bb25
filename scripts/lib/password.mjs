/**
 * The same stored form as workers/api/src/password.ts (scrypt$N=…,r=…,p=…$salt$key), made with
 * Node's crypto for operator commands and the demo seed. tests/unit/password-compat.test.ts checks
 * that the Worker accepts what this makes.
 */
import { randomBytes, scryptSync } from "node:crypto";

export const DEFAULT_PARAMS = { N: 16384, r: 8, p: 5 };

const b64url = (buffer) => Buffer.from(buffer).toString("base64url");

export function hashPassword(password, params = DEFAULT_PARAMS) {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, { ...params, maxmem: 128 * params.N * params.r + 1024 * 1024 });
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${b64url(salt)}$${b64url(key)}`;
}
