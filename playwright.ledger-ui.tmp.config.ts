// Temporary (ledger UI engineer): runs the specs against an already running server on 8791.
import base from "./playwright.config";
export default { ...base, webServer: undefined, use: { ...base.use, baseURL: "http://localhost:8791" } };
