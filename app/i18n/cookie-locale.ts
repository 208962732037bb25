import { supportedLocales, type Locale } from "../../core/i18n/config";

type Tag = { code: string; script: string | null; region: string | undefined; quality: number };

const QUALITY = /^[0-1](\.[0-9]+)?\s*$/;

/** A quality parameter (`q=0.8`) or null when the parameter is another or malformed. */
function qualityOf(parameter: string): number | null {
  const trimmed = parameter.trim();
  if (!trimmed.startsWith("q")) return null;
  const [key, quality] = trimmed.split("=");
  if (key?.trim() !== "q" || !quality || !QUALITY.test(quality)) return null;
  return Number.parseFloat(quality);
}

function isLanguageTag(value: string): boolean {
  if (value === "*") return true;
  const parts = value.split("-");
  if (parts.length > 3 || !/^[a-zA-Z]+$/.test(parts[0] ?? "")) return false;
  return parts.slice(1).every((part) => /^[a-zA-Z0-9]+$/.test(part));
}

/** The tags of a language list, best first (a stable sort: equal qualities keep their order). */
function tagsOf(list: string): Tag[] {
  const tags: Tag[] = [];
  for (const part of list.split(",")) {
    const entry = part.trim();
    if (!entry) continue;
    const [first, ...parameters] = entry.split(";");
    const tag = first?.trim();
    if (!tag || !isLanguageTag(tag)) continue;
    const ietf = tag.split("-");
    const hasScript = ietf.length === 3;
    let quality = 1;
    for (const parameter of parameters) {
      const q = qualityOf(parameter);
      if (q === null) continue;
      quality = q;
      break;
    }
    tags.push({ code: ietf[0]!.toLowerCase(), script: hasScript ? ietf[1]!.toLowerCase() : null, region: (hasScript ? ietf[2] : ietf[1])?.toLowerCase(), quality });
  }
  return tags.sort((a, b) => b.quality - a.quality);
}

/**
 * The supported locale the `lng` cookie's value names, read exactly as remix-i18next's detector
 * read it (its `pick`, strict then loose) before the server kept one i18next instance per language
 * (ADR 067): the value as a language list, best first; first a tag that is a supported locale
 * exactly ("es"), then one whose language is ("es-PE"); else null.
 */
export function cookieLocale(value: string): Locale | null {
  const tags = tagsOf(value);
  const supported = supportedLocales as readonly string[];
  const exact = tags.find((tag) => supported.includes(tag.code) && !tag.script && !tag.region);
  const loose = exact ?? tags.find((tag) => supported.includes(tag.code));
  return loose ? (loose.code as Locale) : null;
}
