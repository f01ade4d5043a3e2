/**
 * `components.schemas` of the OpenAPI document, kept to the named schemas it uses.
 * fastify-type-provider-zod writes every schema named with `.meta({ id })` twice, as `Name` (as
 * the server answers it) and `NameInput` (as a request sends it), whether a route uses it or not;
 * the copies nothing references would only add unused types to the generated client.
 */
const REF = /"#\/components\/schemas\/([^"]+)"/g;

function refsIn(value: unknown): Set<string> {
  return new Set([...JSON.stringify(value).matchAll(REF)].map((m) => m[1]!));
}

export function namedSchemasOnly<D extends object>(document: D): D {
  const { components, ...rest } = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = components?.schemas;
  if (!schemas) return document;
  // Names reached from the operations, then from the schemas they name, until nothing new is found.
  const used = refsIn(rest);
  const queue = [...used];
  while (queue.length > 0) {
    for (const name of refsIn(schemas[queue.pop()!])) {
      if (!used.has(name)) {
        used.add(name);
        queue.push(name);
      }
    }
  }
  const kept = Object.fromEntries(
    Object.keys(schemas)
      .sort()
      .filter((name) => used.has(name))
      .map((name) => [name, schemas[name]]),
  );
  return { ...document, components: { ...components, schemas: kept } };
}
