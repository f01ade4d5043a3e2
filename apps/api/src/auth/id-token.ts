/**
 * Verification of identity-provider ID tokens (JWT) for `POST /api/users/auth`.
 *
 * A token is accepted only when its `iss` exactly matches one configured issuer, and then it is
 * verified with that issuer's keys, audience and pinned algorithms. Algorithms are always
 * asymmetric, so `alg: none` and HS256-signed-with-the-public-key tokens never verify. Every failure
 * (garbage, unknown issuer, bad signature, expired, ...) becomes one IdTokenError, mapped to 401.
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
  errors as joseErrors,
  jwtVerify,
} from "jose";

/** The only algorithms any issuer may use; an issuer's list is a subset of this. */
export const ASYMMETRIC_ALGORITHMS = [
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
] as const;

/** Clock skew tolerated on exp / nbf / iat, in seconds. */
export const CLOCK_TOLERANCE_SECONDS = 30;

export const FIREBASE_JWKS_URL =
  "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com";

export interface TrustedIssuer {
  /** Exact `iss` value. */
  issuer: string;
  /** Required `aud` value. */
  audience: string;
  /** Pinned signature algorithms (asymmetric only). */
  algorithms: readonly string[];
  /** Resolves the verification key from the token header (kid, alg). */
  getKey: JWTVerifyGetKey;
  /**
   * Extra checks on verified claims (e.g. Firebase's auth_time, the embedded provider's session
   * still open); throw (or reject) to refuse the token.
   */
  check?: (payload: JWTPayload, now: Date) => void | Promise<void>;
}

export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean | undefined;
  name: string | undefined;
  picture: string | undefined;
  /** The `sid` claim: for the embedded provider, the provider session the token was minted from. */
  sessionId: string | undefined;
}

export class IdTokenError extends Error {
  constructor(
    /** Why the token was refused; for logs only, never sent to the client. */
    readonly reason: string,
    options?: { cause?: unknown },
  ) {
    super(`ID token rejected: ${reason}`, options);
    this.name = "IdTokenError";
  }
}

export interface IdTokenVerifierOptions {
  /** Current time source (tests); default the system clock. */
  now?: () => Date;
  clockTolerance?: number;
}

export type IdTokenVerifier = (token: string) => Promise<VerifiedIdentity>;

export function createIdTokenVerifier(
  issuers: readonly TrustedIssuer[],
  options: IdTokenVerifierOptions = {},
): IdTokenVerifier {
  for (const issuer of issuers) {
    const bad = issuer.algorithms.filter((a) => !(ASYMMETRIC_ALGORITHMS as readonly string[]).includes(a));
    if (bad.length || issuer.algorithms.length === 0) {
      throw new Error(
        `Issuer ${issuer.issuer}: algorithms must be a non-empty subset of asymmetric algorithms`,
      );
    }
  }
  const byIssuer = new Map(issuers.map((i) => [i.issuer, i]));
  const clockTolerance = options.clockTolerance ?? CLOCK_TOLERANCE_SECONDS;

  return async (token) => {
    if (typeof token !== "string" || token.length === 0 || token.length > 16_384) {
      throw new IdTokenError("missing or oversized token");
    }
    let unverified: JWTPayload;
    try {
      unverified = decodeJwt(token);
    } catch (cause) {
      throw new IdTokenError("malformed token", { cause });
    }
    const trusted = typeof unverified.iss === "string" ? byIssuer.get(unverified.iss) : undefined;
    if (!trusted) throw new IdTokenError(`untrusted issuer ${JSON.stringify(unverified.iss)}`);

    const now = options.now?.() ?? new Date();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, trusted.getKey, {
        issuer: trusted.issuer,
        audience: trusted.audience,
        algorithms: [...trusted.algorithms],
        clockTolerance,
        currentDate: now,
        requiredClaims: ["sub", "exp", "iat"],
      }));
    } catch (cause) {
      throw new IdTokenError(describeJoseError(cause), { cause });
    }
    if (typeof payload.sub !== "string" || payload.sub.length === 0 || payload.sub.length > 255) {
      throw new IdTokenError("invalid sub");
    }
    if (typeof payload.iat === "number" && payload.iat > now.getTime() / 1000 + clockTolerance) {
      throw new IdTokenError("issued in the future");
    }
    try {
      await trusted.check?.(payload, now);
    } catch (cause) {
      throw new IdTokenError(cause instanceof Error ? cause.message : "issuer check failed", { cause });
    }
    return {
      issuer: trusted.issuer,
      subject: payload.sub,
      email: stringClaim(payload.email)?.toLowerCase(),
      emailVerified: typeof payload.email_verified === "boolean" ? payload.email_verified : undefined,
      name: stringClaim(payload.name),
      picture: stringClaim(payload.picture),
      sessionId: stringClaim(payload.sid),
    };
  };
}

function stringClaim(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

function describeJoseError(error: unknown): string {
  if (error instanceof joseErrors.JWTExpired) return "expired";
  if (error instanceof joseErrors.JWTClaimValidationFailed) return `claim ${error.claim} ${error.reason}`;
  if (error instanceof joseErrors.JOSEAlgNotAllowed) return "algorithm not allowed";
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "no matching key (unknown kid)";
  if (error instanceof joseErrors.JWSSignatureVerificationFailed) return "bad signature";
  if (error instanceof joseErrors.JOSEError) return error.code;
  return "verification failed";
}

/** An issuer whose keys are a JWKS fetched from a URL (cached and refreshed by jose). */
export function remoteIssuer(input: {
  issuer: string;
  audience: string;
  jwksUrl: string;
  algorithms?: readonly string[];
  check?: TrustedIssuer["check"];
}): TrustedIssuer {
  return {
    issuer: input.issuer,
    audience: input.audience,
    algorithms: input.algorithms ?? ASYMMETRIC_ALGORITHMS,
    getKey: createRemoteJWKSet(new URL(input.jwksUrl), { timeoutDuration: 5000, cooldownDuration: 30_000 }),
    check: input.check,
  };
}

/**
 * An issuer found through OpenID Connect discovery (`<issuer>/.well-known/openid-configuration`),
 * resolved lazily on the first token so a provider being down does not stop our start-up.
 * The discovery document must name the same issuer; its advertised signing algorithms narrow ours.
 */
export function discoveredIssuer(input: {
  issuer: string;
  audience: string;
  fetch?: typeof fetch;
}): TrustedIssuer {
  const doFetch = input.fetch ?? fetch;
  let resolved: Promise<{ getKey: JWTVerifyGetKey; algorithms: string[] }> | undefined;
  const resolve = () => {
    resolved ??= (async () => {
      const url = `${input.issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
      const response = await doFetch(url, { signal: AbortSignal.timeout(5000) });
      if (!response.ok) throw new Error(`discovery ${url} answered ${response.status}`);
      const doc = (await response.json()) as {
        issuer?: unknown;
        jwks_uri?: unknown;
        id_token_signing_alg_values_supported?: unknown;
      };
      if (doc.issuer !== input.issuer) throw new Error(`discovery issuer mismatch at ${url}`);
      if (typeof doc.jwks_uri !== "string") throw new Error(`discovery at ${url} has no jwks_uri`);
      const advertised = Array.isArray(doc.id_token_signing_alg_values_supported)
        ? doc.id_token_signing_alg_values_supported.filter((a): a is string =>
            (ASYMMETRIC_ALGORITHMS as readonly string[]).includes(a),
          )
        : [];
      return {
        getKey: createRemoteJWKSet(new URL(doc.jwks_uri), { timeoutDuration: 5000 }),
        algorithms: advertised.length ? advertised : [...ASYMMETRIC_ALGORITHMS],
      };
    })().catch((error) => {
      resolved = undefined; // retry discovery on the next token
      throw error;
    });
    return resolved;
  };
  // The algorithm list is enforced inside getKey too, since it is only known after discovery.
  return {
    issuer: input.issuer,
    audience: input.audience,
    algorithms: ASYMMETRIC_ALGORITHMS,
    getKey: async (header, token) => {
      const { getKey, algorithms } = await resolve();
      if (!algorithms.includes(header.alg))
        throw new joseErrors.JOSEAlgNotAllowed("algorithm not advertised");
      return getKey(header, token);
    },
  };
}

/** Firebase Authentication ID tokens of one project (the platform's live sites: docs/platform.md). */
export function firebaseIssuer(projectId: string, jwksUrl = FIREBASE_JWKS_URL): TrustedIssuer {
  return remoteIssuer({
    issuer: `https://securetoken.google.com/${projectId}`,
    audience: projectId,
    jwksUrl,
    algorithms: ["RS256"],
    check: (payload, now) => {
      // Firebase documents auth_time as required and in the past.
      const authTime = payload.auth_time;
      if (typeof authTime !== "number" || authTime > now.getTime() / 1000 + CLOCK_TOLERANCE_SECONDS) {
        throw new Error("invalid auth_time");
      }
    },
  });
}

/**
 * An issuer whose public keys are read in-process (our embedded provider's JWKS).
 * The key set is cached briefly and re-read when a kid is missing, so a freshly minted key works.
 */
export function localIssuer(input: {
  issuer: string;
  audience: string;
  algorithms: readonly string[];
  loadJwks: () => Promise<JSONWebKeySet>;
  cacheMs?: number;
  check?: TrustedIssuer["check"];
}): TrustedIssuer {
  let cached: { at: number; getKey: JWTVerifyGetKey } | undefined;
  const load = async () => {
    cached = { at: Date.now(), getKey: createLocalJWKSet(await input.loadJwks()) };
    return cached.getKey;
  };
  return {
    issuer: input.issuer,
    audience: input.audience,
    algorithms: input.algorithms,
    getKey: async (header, token) => {
      const fresh = cached && Date.now() - cached.at < (input.cacheMs ?? 60_000);
      const getKey = fresh && cached ? cached.getKey : await load();
      try {
        return await getKey(header, token);
      } catch (error) {
        if (!(error instanceof joseErrors.JWKSNoMatchingKey) || !fresh) throw error;
        return (await load())(header, token);
      }
    },
    check: input.check,
  };
}
