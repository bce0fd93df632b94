import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./en.js";

/** Sets up i18next with the English catalogue; every component reads strings through `useTranslation`. */
export function setUpI18n(): typeof i18next {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: "en",
    fallbackLng: "en",
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}

/**
 * Adds a feature's strings when its chunk loads (the features `CHUNK_CATALOGUES` names in `en.ts`): call it
 * at the top of the module of the page that reads them, which is evaluated before the page renders.
 */
export function addCatalogue(strings: Record<string, unknown>): void {
  i18next.addResourceBundle("en", "translation", strings, true, false);
}
