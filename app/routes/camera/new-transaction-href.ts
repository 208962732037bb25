/**
 * Where "Create transaction" from a QR code goes: the transactions page reads these to prefill its
 * form (transaction-form.tsx, `prefill`). Free of zod, for the camera page's first load (ADR 078).
 */
export function newTransactionHref(accountId: string, fields: { description: string; amount: string | null; payee: string | null; date: string }): string {
  const query = new URLSearchParams({ new: "1", description: fields.description, date: fields.date });
  if (fields.amount) query.set("amount", fields.amount);
  if (fields.payee) query.set("payee", fields.payee);
  return `/accounts/${accountId}/transactions?${query.toString()}`;
}
