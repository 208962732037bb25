import { useEffect } from "react";
import { useTranslation } from "../i18n/use-translation";
import toast from "react-hot-toast";
import { createApiClient } from "../utils/api-client";
import * as ui from "../styles/ui.css";
import { BUILD_CHECK_INTERVAL_MS } from "./constants";

/**
 * Every hour, asks the API for the build id it runs; when it differs from the one this page was
 * built with, offers a reload in a toast that stays until acted on.
 */
export function BuildCheck({ apiBasePath }: { apiBasePath: string }) {
  const { t } = useTranslation();
  useEffect(() => {
    const api = createApiClient({ baseUrl: apiBasePath, fetch: (request) => fetch(request) });
    let shown = false;
    const timer = setInterval(async () => {
      if (shown) return;
      const result = await api.get<{ buildId: string }>("/health");
      if (!result.ok || result.data.buildId === __BUILD_ID__) return;
      shown = true;
      toast(
        (item) => (
          <span className={ui.row}>
            <span>{t("app.newVersion")}</span>
            <button type="button" className={ui.button.primary} onClick={() => window.location.reload()}>
              {t("app.reload")}
            </button>
            <button type="button" className={ui.button.ghost} onClick={() => toast.dismiss(item.id)}>
              {t("app.dismiss")}
            </button>
          </span>
        ),
        { id: "new-build", duration: Infinity },
      );
    }, BUILD_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [apiBasePath, t]);
  return null;
}
