import type { Team } from "@vt/shared/api-schemas";
import { TEAM_LINK_FIELDS } from "@vt/shared/contracts/teams";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDate } from "@/lib/date-format";
import { ImageUploadField } from "./image-upload-field";
import { ReadOnlyNote } from "./team-layout";

const href = (link: string) => (/^https?:\/\//i.test(link) ? link : `https://${link}`);

/** /teams/{id}/info for members who may not edit it (uploaders): the same facts, read-only. */
export function TeamInfoView({ team }: { team: Team }) {
  const { t, i18n } = useTranslation();
  const notSet = <span className="text-muted-foreground">{t("teams.info.notSet")}</span>;
  return (
    <div className="grid gap-6">
      <ReadOnlyNote />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="self-start">
          <CardHeader>
            <CardTitle>{t("teams.info.basics")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
              <dt className="font-medium text-muted-foreground">{t("fields.name")}</dt>
              <dd className="[overflow-wrap:anywhere]">{team.name}</dd>
              <dt className="font-medium text-muted-foreground">{t("fields.establishedAt")}</dt>
              <dd>{team.establishedAt ? formatDate(team.establishedAt, i18n.language) : notSet}</dd>
              {TEAM_LINK_FIELDS.map((field) => (
                <div key={field} className="contents">
                  <dt className="font-medium text-muted-foreground">{t(`fields.${field}`)}</dt>
                  <dd className="[overflow-wrap:anywhere]">
                    {team[field] ? (
                      <a
                        href={href(team[field])}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        {team[field]}
                      </a>
                    ) : (
                      notSet
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardHeader>
            <CardTitle>{t("teams.info.images")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-6">
            {(["cover", "logo"] as const).map((kind) => (
              <ImageUploadField
                key={kind}
                label={t(`teams.image.${kind}`)}
                image={team[kind]}
                maxBytes={0}
                shape={kind === "cover" ? "cover" : "square"}
                readOnly
                onUpload={async () => undefined}
              />
            ))}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
