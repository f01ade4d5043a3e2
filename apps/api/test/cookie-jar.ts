/** A minimal cookie jar for driving flows across inject() calls and fetch() (no domains/paths). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Record Set-Cookie headers (expired or emptied cookies are removed). */
  store(setCookie: string | string[] | undefined | null): this {
    const list =
      setCookie === undefined || setCookie === null ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    for (const line of list) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => {
        const [k = "", v = ""] = a.trim().split("=");
        if (k.toLowerCase() === "max-age") return Number(v) <= 0;
        if (k.toLowerCase() === "expires") return new Date(v).getTime() <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  /** The Cookie request header. */
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [k, v] of this.cookies) copy.cookies.set(k, v);
    return copy;
  }
}

/** Attributes of one Set-Cookie line, lower-cased names (e.g. { httponly: true, samesite: "Lax" }). */
export function parseSetCookie(line: string): {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
} {
  const [pair = "", ...rest] = line.split(";");
  const eq = pair.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const a of rest) {
    const [k = "", ...v] = a.trim().split("=");
    if (k) attributes[k.toLowerCase()] = v.length ? v.join("=") : true;
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}
