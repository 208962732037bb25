/** Settings → Security: the password (password.tsx) and the devices signed in (sessions.tsx). */
import { useTranslation } from "../../i18n/use-translation";
import type { DeviceDescription } from "../../utils/user-agent";
import { PasswordForm } from "./password";
import { Sessions, type SessionItem } from "./sessions";
import type { SettingsAnswer } from "./use-settings-answer";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";

export function SecuritySection({ email, timeZone, sessions, answer }: { email: string; timeZone: string; sessions: Array<SessionItem & { device: DeviceDescription }>; answer: SettingsAnswer }) {
  const { t } = useTranslation();
  return (
    <section id="security" aria-labelledby="security-title" className={`${ui.card} ${s.section}`}>
      <h2 id="security-title" className={s.sectionTitle}>
        {t("settings.security.title")}
      </h2>
      <PasswordForm email={email} answer={answer} />
      <hr className={s.divider} />
      <Sessions sessions={sessions} timeZone={timeZone} answer={answer} />
    </section>
  );
}
