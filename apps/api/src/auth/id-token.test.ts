import { createHmac, createPublicKey } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createIdTokenVerifier,
  discoveredIssuer,
  firebaseIssuer,
  IdTokenError,
  type IdTokenVerifier,
  localIssuer,
} from "./id-token";

const ISSUER = "https://studio.example/auth";
const AUDIENCE = "vuon-truyen-uploader";
const NOW = new Date("2030-01-01T00:00:00Z");
const nowSeconds = Math.floor(NOW.getTime() / 1000);

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let keys: KeyPair;
let otherKeys: KeyPair;
let publicJwk: JWK;
let verify: IdTokenVerifier;

async function sign(
  claims: JWTPayload,
  options: { key?: KeyPair["privateKey"]; kid?: string; alg?: string } = {},
): Promise<string> {
  return new SignJWT({ email: "Reader@Example.com", name: "Reader", picture: "https://x/p.png", ...claims })
    .setProtectedHeader({ alg: options.alg ?? "ES256", kid: options.kid ?? "k1" })
    .setIssuer((claims.iss as string | undefined) ?? ISSUER)
    .setAudience((claims.aud as string | undefined) ?? AUDIENCE)
    .setSubject(claims.sub ?? "user-1")
    .setIssuedAt(claims.iat ?? nowSeconds - 10)
    .setExpirationTime(claims.exp ?? nowSeconds + 300)
    .sign(options.key ?? keys.privateKey);
}

function b64url(input: string | Buffer): string {
  return Buffer.from(input).toString("base64url");
}

async function expectRejected(token: string, reason?: RegExp) {
  const error = await verify(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IdTokenError);
  if (reason) expect((error as IdTokenError).reason).toMatch(reason);
}

beforeAll(async () => {
  keys = await generateKeyPair("ES256", { extractable: true });
  otherKeys = await generateKeyPair("ES256", { extractable: true });
  publicJwk = { ...(await exportJWK(keys.publicKey)), kid: "k1", alg: "ES256", use: "sig" };
  verify = createIdTokenVerifier(
    [
      localIssuer({
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ["ES256"],
        loadJwks: async () => ({ keys: [publicJwk] }),
      }),
    ],
    { now: () => NOW },
  );
});

describe("ID token verification", () => {
  it("accepts a valid token and returns its identity claims", async () => {
    const identity = await verify(await sign({}));
    expect(identity).toEqual({
      issuer: ISSUER,
      subject: "user-1",
      email: "reader@example.com",
      emailVerified: undefined,
      name: "Reader",
      picture: "https://x/p.png",
    });
  });

  it("rejects a token from an issuer that is not configured", async () => {
    await expectRejected(await sign({ iss: "https://evil.example/auth" }), /untrusted issuer/);
  });

  it("rejects a token for another audience", async () => {
    await expectRejected(await sign({ aud: "someone-else" }), /aud/);
  });

  it("rejects an expired token (beyond the clock tolerance)", async () => {
    await expectRejected(await sign({ iat: nowSeconds - 600, exp: nowSeconds - 60 }), /expired/);
  });

  it("tolerates a few seconds of clock skew on exp", async () => {
    const identity = await verify(await sign({ iat: nowSeconds - 600, exp: nowSeconds - 5 }));
    expect(identity.subject).toBe("user-1");
  });

  it("rejects a token not yet valid (nbf in the future)", async () => {
    await expectRejected(await sign({ nbf: nowSeconds + 600 }), /nbf/);
  });

  it("rejects a token without sub", async () => {
    const token = await new SignJWT({ email: "a@b.cd" })
      .setProtectedHeader({ alg: "ES256", kid: "k1" })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + 60)
      .sign(keys.privateKey);
    await expectRejected(token, /sub/);
  });

  it("rejects alg none (unsigned token)", async () => {
    const header = b64url(JSON.stringify({ alg: "none", typ: "JWT", kid: "k1" }));
    const payload = b64url(
      JSON.stringify({ iss: ISSUER, aud: AUDIENCE, sub: "user-1", iat: nowSeconds, exp: nowSeconds + 60 }),
    );
    await expectRejected(`${header}.${payload}.`);
  });

  it("rejects HS256 signed with the issuer's public key bytes (key confusion)", async () => {
    const pem = createPublicKey({ key: publicJwk as import("node:crypto").JsonWebKey, format: "jwk" }).export(
      {
        type: "spki",
        format: "pem",
      },
    );
    const header = b64url(JSON.stringify({ alg: "HS256", typ: "JWT", kid: "k1" }));
    const payload = b64url(
      JSON.stringify({ iss: ISSUER, aud: AUDIENCE, sub: "user-1", iat: nowSeconds, exp: nowSeconds + 60 }),
    );
    const signature = createHmac("sha256", pem).update(`${header}.${payload}`).digest("base64url");
    await expectRejected(`${header}.${payload}.${signature}`, /algorithm not allowed/);
  });

  it("rejects a token whose kid is not in the issuer's key set", async () => {
    await expectRejected(await sign({}, { key: otherKeys.privateKey, kid: "unknown" }), /no matching key/);
  });

  it("rejects a token signed by another key under a known kid", async () => {
    await expectRejected(await sign({}, { key: otherKeys.privateKey }), /bad signature/);
  });

  it.each(["", "garbage", "a.b.c", "eyJhbGciOiJFUzI1NiJ9.bm90LWpzb24.c2ln", "x".repeat(20_000)])(
    "rejects garbage %#",
    async (token) => {
      await expectRejected(token);
    },
  );
});

describe("remote issuers", () => {
  let server: Server;
  let base: string;
  let rsa: KeyPair;
  let rsaJwk: JWK;
  let ec: KeyPair;
  let ecJwk: JWK;

  beforeAll(async () => {
    rsa = await generateKeyPair("RS256", { extractable: true });
    rsaJwk = { ...(await exportJWK(rsa.publicKey)), kid: "r1", alg: "RS256", use: "sig" };
    ec = await generateKeyPair("ES256", { extractable: true });
    ecJwk = { ...(await exportJWK(ec.publicKey)), kid: "e1", use: "sig" };
    server = createServer((req, res) => {
      res.setHeader("content-type", "application/json");
      if (req.url === "/realm/.well-known/openid-configuration") {
        res.end(
          JSON.stringify({
            issuer: `${base}/realm`,
            jwks_uri: `${base}/realm/certs`,
            id_token_signing_alg_values_supported: ["RS256"],
          }),
        );
      } else if (req.url === "/realm/certs" || req.url === "/firebase-jwks") {
        res.end(JSON.stringify({ keys: [rsaJwk, ecJwk] }));
      } else {
        res.statusCode = 404;
        res.end("{}");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("verifies a token of an issuer found by OpenID Connect discovery, and only its advertised algorithms", async () => {
    const issuer = `${base}/realm`;
    const verifier = createIdTokenVerifier([discoveredIssuer({ issuer, audience: "uploader" })]);
    const now = Math.floor(Date.now() / 1000);
    const token = await new SignJWT({ email: "k@example.com" })
      .setProtectedHeader({ alg: "RS256", kid: "r1" })
      .setIssuer(issuer)
      .setAudience("uploader")
      .setSubject("kc-42")
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(rsa.privateKey);
    expect(await verifier(token)).toMatchObject({ issuer, subject: "kc-42", email: "k@example.com" });

    // ES256 is asymmetric but this issuer only advertises RS256.
    const es256 = await new SignJWT({})
      .setProtectedHeader({ alg: "ES256", kid: "e1" })
      .setIssuer(issuer)
      .setAudience("uploader")
      .setSubject("kc-42")
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(ec.privateKey);
    await expect(verifier(es256)).rejects.toThrow(/algorithm not allowed/);
  });

  it("accepts a Firebase ID token of the configured project and requires auth_time", async () => {
    const verifier = createIdTokenVerifier([firebaseIssuer("vuon-truyen", `${base}/firebase-jwks`)]);
    const now = Math.floor(Date.now() / 1000);
    const build = (claims: JWTPayload) =>
      new SignJWT({ email: "f@example.com", email_verified: true, ...claims })
        .setProtectedHeader({ alg: "RS256", kid: "r1" })
        .setIssuer("https://securetoken.google.com/vuon-truyen")
        .setAudience("vuon-truyen")
        .setSubject("firebase-uid")
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(rsa.privateKey);
    expect(await verifier(await build({ auth_time: now - 5 }))).toMatchObject({
      issuer: "https://securetoken.google.com/vuon-truyen",
      subject: "firebase-uid",
      emailVerified: true,
    });
    await expect(verifier(await build({}))).rejects.toThrow(/auth_time/);
  });
});
