import type { TextsLike } from "../../translate";
import type { passwordFeedback as english } from "../en/password-feedback";

/**
 * The Spanish of zxcvbn's feedback: the library's es-es sentences lacked final periods in places,
 * used straight quotes and mixed "tú" with "usted"; these use the app's «» and "tú" throughout.
 */
export const passwordFeedback: { warnings: TextsLike<typeof english.warnings>; suggestions: TextsLike<typeof english.suggestions> } = {
  warnings: {
    straightRow: "Las teclas seguidas del teclado son fáciles de adivinar.",
    keyPattern: "Los patrones cortos del teclado son fáciles de adivinar.",
    simpleRepeat: "Los caracteres repetidos como «aaa» son fáciles de adivinar.",
    extendedRepeat: "Los patrones repetidos como «abcabcabc» son fáciles de adivinar.",
    sequences: "Las secuencias comunes como «abc» son fáciles de adivinar.",
    recentYears: "Los años recientes son fáciles de adivinar.",
    dates: "Las fechas son fáciles de adivinar.",
    topTen: "Es una de las contraseñas más usadas.",
    topHundred: "Es una contraseña usada con mucha frecuencia.",
    common: "Es una contraseña muy común.",
    similarToCommon: "Se parece a una contraseña muy común.",
    wordByItself: "Una sola palabra es fácil de adivinar.",
    namesByThemselves: "Un nombre o un apellido solo es fácil de adivinar.",
    commonNames: "Los nombres y apellidos comunes son fáciles de adivinar.",
    userInputs: "Tu nombre o tu correo no deberían formar parte de la contraseña.",
    pwned: "Esta contraseña quedó expuesta en una filtración de datos en Internet.",
  },
  suggestions: {
    l33t: "Evita cambios previsibles de letras, como «@» por «a».",
    reverseWords: "Evita palabras comunes escritas al revés.",
    allUppercase: "Escribe en mayúscula algunas letras, pero no todas.",
    capitalization: "Escribe en mayúscula alguna letra además de la primera.",
    dates: "Evita fechas y años relacionados contigo.",
    recentYears: "Evita los años recientes.",
    associatedYears: "Evita años relacionados contigo.",
    sequences: "Evita secuencias comunes de caracteres.",
    repeated: "Evita palabras y caracteres repetidos.",
    longerKeyboardPattern: "Usa patrones de teclado más largos y cambia de dirección varias veces.",
    anotherWord: "Agrega más palabras, y que sean menos comunes.",
    useWords: "Usa varias palabras, pero evita frases comunes.",
    noNeed: "Puedes crear contraseñas seguras sin símbolos, números ni mayúsculas.",
    pwned: "Si usas esta contraseña en otro lugar, cámbiala.",
  },
};
