/**
 * The named schemas of the OpenAPI document (`components.schemas`, generated into ./api-types.ts
 * by `npm run openapi`): the types of what the API answers and of the JSON bodies it takes, as the
 * dashboard and the command-line uploader read and send them. The server names them in
 * packages/shared/src/contracts with `.meta({ id })`; a body's schema is written as `<id>Input`
 * (the shape a request sends, defaults optional) and is exported here under its id.
 */
import type { components } from "./api-types";

export type Schemas = components["schemas"];

export type ComicDetail = Schemas["ComicDetail"];
export type ComicListItem = Schemas["ComicListItem"];
export type Chapter = Schemas["Chapter"];
export type ChapterDetail = Schemas["ChapterDetail"];
export type ChapterPageUploadResponse = Schemas["ChapterPageUploadResponse"];
export type DirectUploadTickets = Schemas["DirectUploadTickets"];
export type Notification = Schemas["Notification"];
export type Team = Schemas["Team"];
export type User = Schemas["User"];
export type VerifiedUser = Schemas["VerifiedUser"];

/** Request bodies (`requestBody` of the document). */
export type AdminUserPatch = Schemas["AdminUserPatchInput"];
export type ApproveBody = Schemas["ApproveBodyInput"];
export type ArtDirectRequest = Schemas["ArtDirectRequestInput"];
export type ArtPresignRequest = Schemas["ArtPresignRequestInput"];
export type AuthRequest = Schemas["AuthRequestInput"];
export type ChapterPageDirectRequest = Schemas["ChapterPageDirectRequestInput"];
export type ChapterPagesDirectRequest = Schemas["ChapterPagesDirectRequestInput"];
export type ChapterPagesPresignRequest = Schemas["ChapterPagesPresignRequestInput"];
export type ChoosePasswordRequest = Schemas["ChoosePasswordRequestInput"];
export type CollabRequest = Schemas["CollabRequestInput"];
export type CreateApiTokenRequest = Schemas["CreateApiTokenRequestInput"];
export type CreateChapterRequest = Schemas["CreateChapterRequestInput"];
export type CreateComicRequest = Schemas["CreateComicRequestInput"];
export type CreateInvitationRequest = Schemas["CreateInvitationRequestInput"];
export type CreateTeamRequest = Schemas["CreateTeamRequestInput"];
export type CreateWebhookRequest = Schemas["CreateWebhookRequestInput"];
export type DeleteRequestBody = Schemas["DeleteRequestBodyInput"];
export type DirectUploadConfirm = Schemas["DirectUploadConfirmInput"];
export type DirectUploadRequest = Schemas["DirectUploadRequestInput"];
export type KeepFindingRequest = Schemas["KeepFindingRequestInput"];
export type MergeBody = Schemas["MergeBodyInput"];
export type MergeRequestBody = Schemas["MergeRequestBodyInput"];
export type NotificationSettingsUpdate = Schemas["NotificationSettingsUpdateInput"];
export type PageChecksRequest = Schemas["PageChecksRequestInput"];
export type PermissionRequestBody = Schemas["PermissionRequestBodyInput"];
export type PersonBody = Schemas["PersonBodyInput"];
export type PersonDeleteRequestBody = Schemas["PersonDeleteRequestBodyInput"];
export type QuickUpdateVolumeRequest = Schemas["QuickUpdateVolumeRequestInput"];
export type RejectBody = Schemas["RejectBodyInput"];
export type SingleDirectUploadConfirm = Schemas["SingleDirectUploadConfirmInput"];
export type SingleDirectUploadRequest = Schemas["SingleDirectUploadRequestInput"];
export type TransferOwnershipRequest = Schemas["TransferOwnershipRequestInput"];
export type UpdateChapterRequest = Schemas["UpdateChapterRequestInput"];
export type UpdateComicRequest = Schemas["UpdateComicRequestInput"];
export type UpdateCreditRequest = Schemas["UpdateCreditRequestInput"];
export type UpdateDonateRequest = Schemas["UpdateDonateRequestInput"];
export type UpdateMemberRequest = Schemas["UpdateMemberRequestInput"];
export type UpdateTeamRequest = Schemas["UpdateTeamRequestInput"];
export type UpdateUploadSettingsRequest = Schemas["UpdateUploadSettingsRequestInput"];
export type UpdateUserRequest = Schemas["UpdateUserRequestInput"];
export type UpdateWebhookRequest = Schemas["UpdateWebhookRequestInput"];
export type VerifyEmailRequest = Schemas["VerifyEmailRequestInput"];
