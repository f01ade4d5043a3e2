import { zodResolver } from "@hookform/resolvers/zod";
import { AVATAR_MAX_BYTES, USER_NAME_MAX, ZProfileForm } from "@vt/shared/contracts/users";
import { megabytes } from "@vt/shared/image-sniff";
import { ImageUpIcon, LoaderCircleIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { DialogActions, DialogShell } from "@/components/dialog-shell";
import { FormField } from "@/components/form-field";
import { ImagePickButton } from "@/components/image-picker";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Input } from "@/components/ui/input";
import { describeError } from "@/lib/error-toast";
import { imageProblem } from "@/lib/image-file";
import { userInitials } from "@/lib/initials";
import { uploadAvatar } from "../api/upload-avatar";
import { useAuth } from "../auth-store";
import { submitUserUpdate } from "../update-user";
import { useValidationMessage } from "./use-validation-message";

/**
 * The profile dialog of the user menu: display name and avatar. A picked picture is checked in
 * the browser (type, size), previewed at once and uploaded; saving sends the changed fields
 * through the update flow of docs/dashboard.md, "Session" (toasts, handling flag).
 */
export function ProfileDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const { user, handling } = useAuth();
  const messageOf = useValidationMessage();
  const hintId = useId();
  const [preview, setPreview] = useState<string>();
  const [uploadedUrl, setUploadedUrl] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const [avatarError, setAvatarError] = useState<string>();
  const form = useForm({
    resolver: zodResolver(ZProfileForm),
    defaultValues: { name: user?.name ?? "" },
  });
  const { errors } = form.formState;

  // The object URL of a local preview is released when replaced or when the dialog goes away.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  async function pickAvatar(file: File | undefined) {
    if (!file) return;
    const problem = await imageProblem(file, AVATAR_MAX_BYTES);
    setAvatarError(
      problem ? t(problem.key as "validation.fileTypeInvalid", { types: "", ...problem.params }) : undefined,
    );
    if (problem) return;
    setPreview(URL.createObjectURL(file));
    setUploadedUrl(undefined);
    setUploading(true);
    try {
      const { url } = await uploadAvatar(file);
      setUploadedUrl(url);
    } catch (error) {
      setPreview(undefined);
      setAvatarError(`${t("errors.uploadFailed")}: ${describeError(error)}`);
    } finally {
      setUploading(false);
    }
  }

  const shownAvatar = preview ?? user?.avatar ?? undefined;
  const busy = handling || uploading;

  return (
    <DialogShell
      open={open}
      onOpenChange={onOpenChange}
      className="sm:max-w-md"
      title={t("auth.profile.title")}
      description={t("auth.profile.description")}
      formClassName="grid gap-5"
      onSubmit={form.handleSubmit(async ({ name }) => {
        const fields: { name?: string; avatar?: string } = {};
        if (name !== (user?.name ?? "")) fields.name = name;
        if (uploadedUrl && uploadedUrl !== user?.avatar) fields.avatar = uploadedUrl;
        if (Object.keys(fields).length === 0) fields.name = name;
        if (await submitUserUpdate(fields, { profile: true })) onOpenChange(false);
      })}
      footer={
        <DialogActions
          onCancel={() => onOpenChange(false)}
          pending={handling}
          disabled={busy}
          label={handling ? t("auth.profile.saving") : t("auth.profile.save")}
        />
      }
    >
      <div className="flex items-center gap-4">
        <div className="relative">
          <Avatar className="size-20 rounded-2xl ring-2 ring-primary/20 ring-offset-2 ring-offset-background">
            {shownAvatar && <AvatarImage src={shownAvatar} alt="" className="object-cover" />}
            <AvatarFallback className="rounded-2xl text-lg">{userInitials(user?.name)}</AvatarFallback>
          </Avatar>
          {uploading && (
            <span className="absolute inset-0 flex items-center justify-center rounded-2xl bg-background/70">
              <LoaderCircleIcon aria-hidden className="size-6 animate-spin text-primary" />
            </span>
          )}
        </div>
        <div className="grid min-w-0 gap-1.5">
          <ImagePickButton
            label={shownAvatar ? t("auth.profile.changeAvatar") : t("auth.profile.chooseAvatar")}
            describedBy={hintId}
            className="w-fit"
            onFile={(file) => void pickAvatar(file)}
          >
            <ImageUpIcon aria-hidden />
            {shownAvatar ? t("auth.profile.changeAvatar") : t("auth.profile.chooseAvatar")}
          </ImagePickButton>
          <p id={hintId} className="text-muted-foreground text-xs">
            {uploading
              ? t("auth.profile.uploading")
              : t("auth.profile.avatarHint", { max: megabytes(AVATAR_MAX_BYTES) })}
          </p>
          {avatarError && (
            <p role="alert" className="text-destructive text-sm">
              {avatarError}
            </p>
          )}
        </div>
      </div>
      <FormField label={t("fields.name")} error={messageOf(errors.name, "name", { max: USER_NAME_MAX })}>
        <Input autoComplete="nickname" {...form.register("name")} />
      </FormField>
      <FormField label={t("auth.profile.email")}>
        <Input value={user?.email ?? ""} readOnly disabled />
      </FormField>
      <RequiredFieldsAlert errors={errors} />
    </DialogShell>
  );
}
