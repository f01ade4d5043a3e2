export type Tree = { readonly [key: string]: string | Tree };

/** Deep merge of two message trees; the web's own texts are added beside the shared catalogue's. */
export function mergeMessages<A extends Tree, B extends Tree>(shared: A, own: B): A & B {
  const out: Record<string, string | Tree> = { ...shared };
  for (const [key, value] of Object.entries(own)) {
    const existing = out[key];
    out[key] =
      typeof value === "object" && typeof existing === "object" ? mergeMessages(existing, value) : value;
  }
  return out as A & B;
}
