/**
 * The data-page floor: a loader that asks the API Worker (service binding) for a page of
 * transactions with the session's token, and a plain table of the rows. Compare Tesoro's
 * transactions page, which does this plus its layout, i18n, money formatting and controls.
 */
import { data, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { envContext } from "../context";

/** The floor's session cookie (the seed's token; scripts/lib/baseline.mjs sends it). */
const SESSION_COOKIE = "floor_session";

interface Row {
  id: string;
  date: string;
  description: string;
  payee: string | null;
  amount: number;
  status: string;
}

function sessionToken(request: Request): string | null {
  const match = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=([^;]+)`).exec(request.headers.get("Cookie") ?? "");
  return match?.[1] ?? null;
}

export function meta() {
  return [{ title: "Baseline: transactions" }];
}

// Typed by hand, not by React Router's typegen: its output here would be linted (bench/baseline/README.md).
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const token = sessionToken(request);
  if (!token) throw data("Not signed in", { status: 401 });
  const { API } = context.get(envContext);
  // The host is never resolved: a service binding delivers the request to the API Worker.
  const response = await API.fetch(`https://api.internal/accounts/${encodeURIComponent(params.accountId ?? "")}/transactions`, { headers: { Authorization: `Bearer ${token}` } });
  if (!response.ok) throw data("The API refused", { status: response.status });
  const { transactions } = (await response.json()) as { transactions: Row[] };
  return { transactions };
}

export default function Transactions() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Transactions</h1>
      <table>
        <thead>
          <tr>
            <th>Date</th>
            <th>Description</th>
            <th>Payee</th>
            <th>Status</th>
            <th>Amount</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.transactions.map((row) => (
            <tr key={row.id}>
              <td>{row.date}</td>
              <td>{row.description}</td>
              <td>{row.payee ?? ""}</td>
              <td>{row.status}</td>
              <td>{(row.amount / 100).toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </main>
  );
}
