import type { TPerson } from "@vt/shared/contracts/people";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { IconButton } from "@/components/icon-button";
import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";

/** Authors, artists or characters: name, comics, couples, who added it, teams working on it, actions. */
export function PeopleTable({
  people,
  label,
  busy = false,
  canRequestDelete,
  onEdit,
  onRequestDelete,
}: {
  people: TPerson[];
  label: string;
  busy?: boolean;
  canRequestDelete: boolean;
  onEdit: (person: TPerson) => void;
  onRequestDelete: (person: TPerson) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="overflow-hidden rounded-xl border bg-card" aria-busy={busy || undefined}>
      <Table aria-label={label}>
        <TableHeader>
          <TableRow>
            <TableHead>{t("people.columns.name")}</TableHead>
            <TableHead className="text-right max-sm:hidden">{t("people.columns.comics")}</TableHead>
            <TableHead className="text-right max-sm:hidden">{t("people.columns.couples")}</TableHead>
            <TableHead className="max-md:hidden">{t("people.columns.uploadedBy")}</TableHead>
            <TableHead className="max-lg:hidden">{t("people.columns.teams")}</TableHead>
            <TableHead className="text-right">
              <span className="sr-only">{t("people.columns.actions")}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {people.map((person) => (
            <TableRow key={person.id}>
              <TableCell className="max-w-0 whitespace-normal">
                <div className="grid gap-0.5">
                  <span className="font-medium">{person.name}</span>
                  <span className="text-muted-foreground text-xs sm:hidden">
                    {t("people.comicCount", { count: person.comicCount })} ·{" "}
                    {t("people.coupleCount", { count: person.coupleCount })}
                  </span>
                  {person.deleteRequested && (
                    <Badge variant="outline" className="mt-0.5">
                      {t("people.deletePending")}
                    </Badge>
                  )}
                </div>
              </TableCell>
              <TableCell className="text-right tabular-nums max-sm:hidden">{person.comicCount}</TableCell>
              <TableCell className="text-right tabular-nums max-sm:hidden">{person.coupleCount}</TableCell>
              <TableCell className="text-muted-foreground max-md:hidden">
                {person.uploadedBy?.name ?? t("people.unknownUser")}
              </TableCell>
              <TableCell className="max-w-64 whitespace-normal max-lg:hidden">
                {person.teams.length === 0 ? (
                  <span className="text-muted-foreground">{t("people.noTeams")}</span>
                ) : (
                  <span className="flex flex-wrap gap-1">
                    {person.teams.map((team) => (
                      <Badge key={team.id} variant="secondary">
                        {team.name}
                      </Badge>
                    ))}
                  </span>
                )}
              </TableCell>
              <TableCell className="text-right">
                <span className="inline-flex gap-1">
                  {person.canEdit && (
                    <IconButton
                      icon={PencilIcon}
                      label={t("people.edit", { name: person.name })}
                      onClick={() => onEdit(person)}
                    />
                  )}
                  {canRequestDelete && !person.deleteRequested && (
                    <IconButton
                      icon={Trash2Icon}
                      label={t("people.requestDelete", { name: person.name })}
                      onClick={() => onRequestDelete(person)}
                    />
                  )}
                </span>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
