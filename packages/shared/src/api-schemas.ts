/**
 * The named schemas of the OpenAPI document (`components.schemas`, generated into ./api-types.ts
 * by `npm run openapi`): the types of what the API answers, as the dashboard and the command-line
 * uploader read them. The server names them in packages/shared/src/contracts with `.meta({ id })`.
 */
import type { components } from "./api-types";

export type Schemas = components["schemas"];

export type ComicDetail = Schemas["ComicDetail"];
export type ComicListItem = Schemas["ComicListItem"];
export type Chapter = Schemas["Chapter"];
export type ChapterDetail = Schemas["ChapterDetail"];
export type ChapterPageUploadResponse = Schemas["ChapterPageUploadResponse"];
export type DirectUploadTickets = Schemas["DirectUploadTickets"];
