/**
 * The page behind a mailed link about an address (confirm a new email, undo a change of email):
 * while the link can be used, its question and one button (a page, not a change on opening:
 * mail scanners open links too); once it is spent or expired, why not and where to go instead.
 */
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { useTranslation } from "../i18n/use-translation";
import { focusIfLost } from "../forms/focus-after-save";
import { formErrorOf } from "../forms/form-answer";
import * as ui from "../styles/ui.css";
import { FormAlert, PageTitle } from "./ui";

type To = { to: string; label: string };

export function AddressLinkPage(props: {
  title: string;
  /** The loader's address: null when the link could no longer be used as the page opened. */
  email: string | null;
  /** The loader's: another account signs in with the address now (with `takenMessage` only). */
  taken?: boolean;
  /** What the button's action answered: `expired` when the link was spent meanwhile, `taken` when the address was. */
  actionData: { expired?: boolean; taken?: boolean; formError?: string | null; ok?: boolean; outage?: true } | undefined;
  question: (email: string) => string;
  button: string;
  expiredMessage: string;
  /** Why a taken address cannot be had; without it, the refusal shows above the button. */
  takenMessage?: string;
  expiredLink: To;
  footer: To;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { email, actionData } = props;
  const taken = props.takenMessage !== undefined && (props.taken === true || actionData?.taken === true);
  const expired = taken || !email || actionData?.expired === true;
  // A press answered "spent" or "taken" takes the button away: the keyboard goes on from the way on.
  const wayOn = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (actionData) focusIfLost(wayOn.current);
  }, [actionData]);
  return (
    <>
      <PageTitle title={props.title} />
      <h1 className={ui.pageHeading}>{props.title}</h1>
      {expired ? (
        <>
          <p role="alert" className={ui.alert.warning}>
            {taken ? props.takenMessage : props.expiredMessage}
          </p>
          <Link ref={wayOn} to={props.expiredLink.to} className={ui.button.primary}>
            {props.expiredLink.label}
          </Link>
        </>
      ) : (
        <Form method="post" className={ui.stack}>
          <HoneypotInputs label={t("auth.honeypotLabel")} />
          <FormAlert message={formErrorOf(actionData, t)} />
          <p style={{ margin: 0, overflowWrap: "anywhere" }}>{props.question(email)}</p>
          <button type="submit" className={ui.button.primary} disabled={navigation.state === "submitting"}>
            {props.button}
          </button>
        </Form>
      )}
      {/* Not the same place twice: the expired page's button may already lead where the footer does. */}
      {expired && props.footer.to === props.expiredLink.to ? null : <Link to={props.footer.to}>{props.footer.label}</Link>}
    </>
  );
}
