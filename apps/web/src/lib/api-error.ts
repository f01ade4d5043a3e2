/** The dashboard's failure model is the shared one (`@vt/shared/api-error`, also the CLI's). */
export * from "@vt/shared/api-error";
