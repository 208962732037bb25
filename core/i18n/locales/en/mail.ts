import mail from "./mail.json";

/** English mail the API sends (namespace `mail`), for code that reads a text itself. */
export { mail };
