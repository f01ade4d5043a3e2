import "i18next";
import type { ViTranslation } from "@/locales/resources-vi";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: ViTranslation };
    returnNull: false;
  }
}
