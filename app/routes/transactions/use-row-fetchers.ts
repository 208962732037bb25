import { useFetchers } from "react-router";

/** Which rows have a delete or an edit on its way (JavaScript only), read once for the table. */
export function useRowFetchers() {
  const deleting = new Set<string>();
  const saving = new Map<string, FormData>();
  for (const fetcher of useFetchers()) {
    if (fetcher.state === "idle") continue;
    if (fetcher.key.startsWith("tx-delete-")) deleting.add(fetcher.key.slice("tx-delete-".length));
    else if (fetcher.key.startsWith("tx-edit-") && fetcher.formData) saving.set(fetcher.key.slice("tx-edit-".length), fetcher.formData);
  }
  return { deleting, saving };
}
