import type { Widen } from "../en";
import type { signup as english } from "../en/signup";

export const signup: Widen<typeof english> = {
  title: "Crea tu cuenta",
  sentTitle: "Revisa tu correo",
  sent: "Enviamos un enlace a {{email}}. Ábrelo dentro de las próximas 24 horas para terminar de crear tu cuenta.",
  sentHint: "Si no llega en unos minutos, busca en la carpeta de spam o vuelve a registrarte. Una dirección que ya tiene cuenta recibe, en cambio, un mensaje para su dueño.",
  sentDev: "En desarrollo, el correo se queda en la bandeja de salida:",
  confirmQuestion: "¿Crear tu cuenta de Tesoro para {{email}}?",
  confirm: "Crear mi cuenta",
  linkExpired: "Este enlace venció o ya se usó. Si todavía no creaste tu cuenta, vuelve a registrarte.",
  linkTaken: "Esta dirección ya tiene una cuenta. Inicia sesión, o pide una contraseña nueva si la olvidaste.",
  again: "Volver a registrarte",
};
