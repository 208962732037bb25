/** Amounts as the pages write them (Intl with a no-break space between symbol and figure). */
export const NBSP = "\u00a0";
export const soles = (text: string) => `S/${NBSP}${text}`;
/** Money out as a label or the delete question writes it: a word joiner keeps the minus with its figure (formatSignedMoneyInText). */
export const solesOutInText = (text: string) => `-\u2060${soles(text)}`;
export const dollars = (text: string) => `US$${NBSP}${text}`;
