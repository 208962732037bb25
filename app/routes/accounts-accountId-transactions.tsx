import { useTranslation } from "react-i18next";
import type { Route } from "./+types/accounts-accountId-transactions";
import { PageTitle } from "../components/ui";
import { guard } from "../guards.server";
import { invalidParams } from "../lib/route-helpers.server";
import { ID_PATTERN } from "../lib/ids";
import { requireUser } from "../session.server";
import * as ui from "../styles/ui.css";

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

export function loader({ request, params, context }: Route.LoaderArgs) {
  requireUser(context);
  if (!ID_PATTERN.test(params.accountId)) invalidParams(request);
  return { accountId: params.accountId };
}

export default function Transactions() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t("titles.transactions")} />
      <h1 className={ui.pageHeading}>{t("titles.transactions")}</h1>
      <p>{t("pages.comingSoon")}</p>
    </>
  );
}
