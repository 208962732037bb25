/** Settings → Security → Sessions: the devices signed in, each signed out on its own (`revoke`) or all others at once (`revoke-others`). */
import { Form } from "react-router";
import { useTranslation } from "../../i18n/use-translation";
import { FormAlert } from "../../ui/ui";
import { focusAfterNavigation } from "../../forms/focus-after-save";
import { formatInstant } from "../../../core/dates";
import type { DeviceDescription } from "../../utils/user-agent";
import type { IntentHandler } from "./intents";
import type { SettingsAnswer } from "./use-settings-answer";
import * as s from "../../styles/settings.css";
import * as ui from "../../styles/ui.css";

export interface SessionItem {
  id: string;
  current: boolean;
  remember: boolean;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  userAgent: string | null;
  ip: string | null;
}

export const revokeAction: IntentHandler = async ({ formData, api, key, failure, done }) => {
  const id = String(formData.get("sessionId") ?? "");
  const result = await api.delete(`/auth/sessions/${encodeURIComponent(id)}`, { idempotencyKey: key });
  // Already gone (another tab, expired) is what the user wanted anyway.
  return result.ok || result.status === 404 || result.status === 422 ? done("settings.saved.revoked") : failure("revoke", result);
};

export const revokeOthersAction: IntentHandler = async ({ api, key, failure, done }) => {
  const result = await api.post("/auth/sessions/revoke-others", { idempotencyKey: key });
  return result.ok ? done("settings.saved.revokedOthers") : failure("revoke-others", result);
};

export function Sessions({ sessions, timeZone, answer }: { sessions: Array<SessionItem & { device: DeviceDescription }>; timeZone: string; answer: SettingsAnswer }) {
  const { t, i18n } = useTranslation();
  const deviceName = (device: { browser: string | null; os: string | null }) =>
    device.browser && device.os ? t("settings.security.device", { browser: device.browser, os: device.os }) : (device.browser ?? device.os ?? t("settings.security.unknownDevice"));
  const others = sessions.filter((session) => !session.current);
  return (
    <>
      {/* Where focus goes once a device is signed out: its button is gone with it. */}
      <h3 className={s.subTitle} id="sessions-title" tabIndex={-1}>
        {t("settings.security.sessions")}
      </h3>
      <p className={s.small}>{t("settings.security.sessionsIntro")}</p>
      <FormAlert message={answer.formError("revoke")} />
      <FormAlert message={answer.formError("revoke-others")} />
      <ul className={s.sessionList} aria-label={t("settings.security.sessions")}>
        {sessions.map((session) => {
          const name = deviceName(session.device);
          return (
            <li key={session.id} className={s.sessionItem} data-testid="session" data-current={session.current ? "true" : undefined}>
              <div className={s.sessionMeta}>
                <span className={s.sessionDevice}>
                  {name}
                  {session.current ? <span className={s.badge}>{t("settings.security.thisDevice")}</span> : null}
                </span>
                <p className={s.small}>
                  {session.ip ? t("settings.security.ip", { ip: session.ip }) : t("settings.security.ipUnknown")}
                  {" · "}
                  {t("settings.security.lastSeen", { time: formatInstant(session.lastSeenAt, i18n.language, timeZone) })}
                </p>
                <p className={s.small}>
                  {t("settings.security.signedInAt", { time: formatInstant(session.createdAt, i18n.language, timeZone) })}
                  {session.remember ? ` · ${t("settings.security.remembered")}` : null}
                </p>
              </div>
              {session.current ? null : (
                <Form method="post" onSubmit={() => focusAfterNavigation("#sessions-title")}>
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="sessionId" value={session.id} />
                  {/* Two sessions of one browser differ by when they were last used: the name says it. */}
                  <button type="submit" className={ui.button.ghost} aria-label={t("settings.security.revokeLabel", { device: name, time: formatInstant(session.lastSeenAt, i18n.language, timeZone) })}>
                    {t("settings.security.revoke")}
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {others.length ? (
        <Form method="post" onSubmit={() => focusAfterNavigation("#sessions-title")}>
          <input type="hidden" name="intent" value="revoke-others" />
          <button type="submit" className={ui.button.ghost} disabled={answer.busy("revoke-others")}>
            {t("settings.security.revokeOthers")}
          </button>
        </Form>
      ) : (
        <p className={s.small}>{t("settings.security.noOthers")}</p>
      )}
    </>
  );
}
