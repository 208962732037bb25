/** /quick-add: quick add's action, and its form as a page where scripts do not run (with them, a dialog: quick-add-button.tsx). */
import { useActionData, useFetcher, useLoaderData } from "react-router";
import type { Route } from "./+types/quick-add";
import { useTranslation } from "../../i18n/use-translation";
import type { FormAnswer } from "../../forms/form-answer";
import { newIdempotencyKey } from "../../forms/idempotency-key";
import { useFormAnswer } from "../../forms/use-form-answer";
import { guard } from "../../server/guards.server";
import { PageTitle } from "../../ui/ui";
import { QuickAddForm } from "../../forms/quick-add/quick-add-form";
import { loadQuickAdd, quickAddAction } from "./quick-add.server";
import * as ui from "../../styles/ui.css";

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

export async function loader({ request, context }: Route.LoaderArgs) {
  return { ...(await loadQuickAdd(request, context)), nonce: newIdempotencyKey() };
}

export async function action({ request, context }: Route.ActionArgs) {
  return quickAddAction(request, context);
}

export default function QuickAddPage() {
  const { t } = useTranslation();
  const data = useLoaderData<typeof loader>();
  const fetcher = useFetcher({ key: "quick-add-page" });
  const result = useFormAnswer<FormAnswer>("quick-add", fetcher, useActionData());
  return (
    <div className={ui.stack} style={{ maxWidth: "32rem" }}>
      <PageTitle title={t("ledger.moneyInOut.quickAdd.title")} />
      <h1 className={ui.pageHeading}>{t("ledger.moneyInOut.quickAdd.title")}</h1>
      <QuickAddForm data={data} fetcher={fetcher} result={result} nonce={data.nonce} autoFocus />
    </div>
  );
}
