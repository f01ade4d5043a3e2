import { zodResolver } from "@hookform/resolvers/zod";
import type { Team } from "@vt/shared/api-schemas";
import { ZCreateInvitationRequest } from "@vt/shared/contracts/invitations";
import type { TAssignableTeamRole } from "@vt/shared/contracts/teams";
import { SendIcon } from "lucide-react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ActionButton } from "@/components/action-button";
import { EmailInput } from "@/components/email-input";
import { FormField } from "@/components/form-field";
import { RequiredFieldsAlert } from "@/components/required-fields-alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/lib/toast";
import { useFieldError } from "@/lib/use-field-error";
import { useCreateInvitation } from "../api/create-invitation";

/** Invite by e-mail with a role the caller may grant (below their own). */
export function InviteMemberForm({ team }: { team: Team }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const invite = useCreateInvitation(team.id);
  const roles = team.can.assignableRoles;
  const form = useForm({
    resolver: zodResolver(ZCreateInvitationRequest),
    defaultValues: { email: "", role: roles.includes("uploader") ? "uploader" : (roles[0] ?? "uploader") },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    const invitation = await invite.mutateAsync(values).catch(() => undefined);
    if (!invitation) return;
    toast.success(t("teams.invite.sent", { email: invitation.email }));
    form.reset({ email: "", role: values.role });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("teams.invite.title")}</CardTitle>
        <CardDescription>{t("teams.invite.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <FormField label={t("fields.email")} error={fieldError(errors.email, "email")}>
            <EmailInput
              autoComplete="off"
              placeholder={t("teams.invite.emailPlaceholder")}
              {...form.register("email")}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_auto] sm:items-end sm:justify-between">
            <Controller
              control={form.control}
              name="role"
              render={({ field, fieldState }) => (
                <FormField label={t("fields.role")} error={fieldError(fieldState.error, "role")}>
                  <RoleSelect
                    value={field.value}
                    roles={roles}
                    onValueChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                  />
                </FormField>
              )}
            />
            <ActionButton
              type="submit"
              className="sm:h-10"
              pending={invite.isPending}
              icon={<SendIcon aria-hidden />}
              label={t("teams.invite.submit")}
              pendingLabel={t("teams.invite.submitting")}
            />
          </div>
          <RequiredFieldsAlert errors={errors} />
        </form>
      </CardContent>
    </Card>
  );
}

/** The role picker; FormField hands it the id and ARIA wiring, which belong on the trigger. */
function RoleSelect({
  value,
  roles,
  onValueChange,
  onBlur,
  name,
  ...aria
}: {
  value: TAssignableTeamRole;
  roles: readonly TAssignableTeamRole[];
  onValueChange: (role: TAssignableTeamRole) => void;
  onBlur: () => void;
  name: string;
  id?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select value={value} onValueChange={(role) => onValueChange(role as TAssignableTeamRole)} name={name}>
      <SelectTrigger className="w-full" onBlur={onBlur} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {roles.map((role) => (
          <SelectItem key={role} value={role}>
            {t(`teams.roles.${role}`)}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
