/** A request that only reads (GET, HEAD): what a session memory may answer, and what the sign-in pages' guard sends away. */
export function isReadRequest(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
}
