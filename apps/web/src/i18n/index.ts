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
