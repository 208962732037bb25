import type { TextsLike } from "../../translate";
import type { mail as englishMail } from "../en/mail";

/** Spanish mail the API sends: the same keys as en/mail.ts (checked by the type checker). */
export const mail: TextsLike<typeof englishMail> = {
  resetSubject: "Restablece tu contraseña de Tesoro",
  resetBody: "Alguien pidió restablecer la contraseña de tu cuenta de Tesoro. Abre este enlace en los próximos 30 minutos para elegir una nueva:",
  resetIgnore: "Si no fuiste tú, ignora este mensaje: tu contraseña no cambia.",
  greeting: "Hola, {{name}}:",
  confirmEmailSubject: "Confirma el nuevo correo de tu cuenta de Tesoro",
  confirmEmailBody: "Pediste iniciar sesión en Tesoro con esta dirección de ahora en adelante. Abre este enlace en las próximas 24 horas para confirmarlo:",
  confirmEmailIgnore: "Si no fuiste tú, ignora este mensaje: nada cambia.",
  emailChangedSubject: "Se cambió el correo de tu cuenta de Tesoro",
  emailChangedBody: "El {{when}} ({{zone}}), el correo con el que inicias sesión en Tesoro cambió a {{email}}. Esta dirección ya no recibirá mensajes sobre la cuenta.",
  emailChangedNotYou: "Si no hiciste este cambio, abre este enlace en los próximos 7 días: devuelve esta dirección a la cuenta, cierra la sesión en todos los dispositivos y te deja elegir una contraseña nueva.",
  emailRestoredSubject: "El correo de tu cuenta de Tesoro volvió al anterior",
  emailRestoredBody: "El {{when}} ({{zone}}), el correo de tu cuenta de Tesoro volvió a ser {{email}} con el enlace enviado a esa dirección tras su último cambio. Se cerró la sesión en todos los dispositivos y la cuenta espera una contraseña nueva elegida desde esa dirección.",
  emailRestoredNotYou: "Si {{email}} ya no es tuyo, escribe de inmediato a {{support}} para que bloqueemos la cuenta y te la devolvamos.",
  passwordChangedSubject: "Se cambió la contraseña de tu cuenta de Tesoro",
  passwordChangedBody: "El {{when}} ({{zone}}), se cambió la contraseña de tu cuenta de Tesoro y se cerró la sesión en tus otros dispositivos.",
  passwordResetBody: "El {{when}} ({{zone}}), se cambió la contraseña de tu cuenta de Tesoro con un enlace enviado a esta dirección y se cerró la sesión en todos los dispositivos.",
  passwordChangedNotYou: "Si no hiciste este cambio, pide aquí un enlace para elegir una contraseña nueva (una contraseña elegida así cierra la sesión en todos los dispositivos):",
  signInPausedSubject: "Se pausó el inicio de sesión en tu cuenta de Tesoro",
  signInPausedBody: "El {{when}} ({{zone}}), se ingresó una contraseña incorrecta {{count}} veces con esta dirección, así que el inicio de sesión en tu cuenta de Tesoro queda en pausa por {{minutes}} minutos. Ninguno de esos intentos entró a la cuenta.",
  signInPausedNotYou: "Si fuiste tú, vuelve a intentarlo cuando termine la pausa, o pide aquí un enlace para elegir una contraseña nueva (una contraseña elegida así termina la pausa y cierra la sesión en todos los dispositivos). Si no fuiste tú, nadie entró y tu contraseña sigue igual. Este aviso llega como máximo una vez al día.",
  signupSubject: "Termina de crear tu cuenta de Tesoro",
  signupBody: "Para terminar de crear tu cuenta de Tesoro, abre este enlace dentro de las próximas 24 horas y pulsa «Crear mi cuenta»:",
  signupIgnore: "Si no pediste una cuenta, ignora este mensaje: sin este enlace no se crea nada.",
  signupTriedSubject: "Alguien intentó crear una cuenta de Tesoro con tu correo",
  signupTriedBody: "El {{when}} ({{zone}}), alguien pidió crear una cuenta de Tesoro con esta dirección, que ya tiene una. No se creó nada y tu cuenta no cambió.",
  emailClaimTriedSubject: "Alguien intentó pasar una cuenta de Tesoro a tu correo",
  emailClaimTriedBody: "El {{when}} ({{zone}}), alguien con la sesión iniciada en otra cuenta de Tesoro pidió cambiar su correo a esta dirección, que ya tiene una cuenta. Tu cuenta no cambió.",
  signupTriedNotYou: "Si fuiste tú, inicia sesión; si olvidaste tu contraseña, pide aquí un enlace para elegir una nueva. Si no fuiste tú, no tienes que hacer nada. Este mensaje llega como mucho una vez al día.",
};
