import { CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

/** The card's title and the line under it. */
export function PanelHeader({ title, description }: { title: string; description: string }) {
  return (
    <CardHeader>
      <CardTitle className="text-2xl">{title}</CardTitle>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}
