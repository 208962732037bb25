/**
 * What a production config of the API Worker must not ship with: the placeholders the repository
 * carries (`*.example.com`, `REPLACE_WITH_…`) or a blank setting that mail and links are built
 * from. A support address left as the example would send a user whose account was taken over to
 * a mailbox nobody reads.
 */
const REQUIRED_VARS = ["APP_ORIGIN", "MAIL_FROM", "SUPPORT_EMAIL"];

/** @param {{ vars?: Record<string, unknown>, d1_databases?: Array<{ database_id?: string }> }} config */
export function deployProblems(config) {
  const problems = [];
  for (const name of REQUIRED_VARS) {
    const value = String(config.vars?.[name] ?? "").trim();
    if (!value) problems.push(`${name} is not set`);
    else if (/example\.(com|org|net)\b/i.test(value)) problems.push(`${name} is still the example (${value})`);
  }
  for (const database of config.d1_databases ?? []) if (!database.database_id || database.database_id.startsWith("REPLACE_WITH")) problems.push("the D1 database_id is still the placeholder");
  return problems;
}
