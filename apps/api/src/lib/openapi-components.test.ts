/**
 * docs/architecture.md ("The web's one API client"): every JSON request body of the OpenAPI document
 * is a named schema, so the web and the uploader send it by name (`api-schemas.ts`). The document is
 * the committed docs/openapi.json, which `npm run openapi:check` holds equal to the routes.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./repo-root";

type Operation = { requestBody?: { content: Record<string, { schema: { $ref?: string } }> } };
const doc = JSON.parse(readFileSync(join(repoRoot(), "docs/openapi.json"), "utf8")) as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

describe("the OpenAPI document's named schemas", () => {
  it("names every JSON request body", () => {
    const inline = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, op]) => {
          const json = op.requestBody?.content["application/json"];
          return json !== undefined && json.schema.$ref === undefined;
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(inline).toEqual([]);
  });

  it("names the Team, User and Notification answers", () => {
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(["Team", "User", "Notification"]),
    );
  });
});
