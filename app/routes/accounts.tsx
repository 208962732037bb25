import { useTranslation } from "react-i18next";
import type { Route } from "./+types/accounts";
import { PageTitle } from "../components/ui";
import { guard } from "../guards.server";
import { requireUser } from "../session.server";
import * as ui from "../styles/ui.css";

export const middleware: Route.MiddlewareFunction[] = [guard("auth")];

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return null;
}

export default function Accounts() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t("titles.accounts")} />
      <h1 className={ui.pageHeading}>{t("titles.accounts")}</h1>
      <p>{t("pages.comingSoon")}</p>
    </>
  );
}
