import "i18next";
import type { vi } from "@/locales/resources";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: typeof vi };
    returnNull: false;
  }
}
