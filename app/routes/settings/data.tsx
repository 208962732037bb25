/** Settings → Your data: the exports (resource routes) and deleting the account (delete-account.tsx). */
import { useTranslation } from "../../i18n/use-translation";
import { DeleteAccountForm } from "./delete-account";
import type { SettingsAnswer } from "./use-settings-answer";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";

export function DataSection({ email, answer }: { email: string; answer: SettingsAnswer }) {
  const { t } = useTranslation();
  return (
    <section id="data" aria-labelledby="data-title" className={`${ui.card} ${s.section}`}>
      <h2 id="data-title" className={s.sectionTitle}>
        {t("settings.data.title")}
      </h2>
      <p style={{ margin: 0 }}>{t("settings.data.exportIntro")}</p>
      <div className={ui.row}>
        {/* No `download` attribute: the file comes as an attachment, and a session that has ended
            must lead to the sign-in page, not to a saved copy of it (login.html). */}
        <a className={ui.button.ghost} href="/resources/export?format=json">
          {t("settings.data.exportJson")}
        </a>
        <a className={ui.button.ghost} href="/resources/export?format=zip">
          {t("settings.data.exportZip")}
        </a>
      </div>
      <hr className={s.divider} />
      <DeleteAccountForm email={email} answer={answer} />
    </section>
  );
}
