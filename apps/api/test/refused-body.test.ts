/**
 * A refused body never costs the next request on the connection: a 10 MB avatar is
 * answered 413 before most of its body is read; the client's next request on its keep-alive
 * connection (a real node:http agent with one socket, as a browser or `fetch` reuses one) must
 * then succeed. The server either says `Connection: close` and closes, or reads the rest.
 */
import { randomBytes } from "node:crypto";
import { Agent, request } from "node:http";
import type { AddressInfo } from "node:net";
import { AVATAR_MAX_BYTES } from "@vt/shared/contracts/users";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./app";
import { createUser, jpeg, multipart, type TestUser } from "./fixtures/api";

let t: TestApp;
let user: TestUser;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

type Answer = { status: number; headers: Record<string, unknown>; body: string; socket: number };

/** One request through `agent`; `socket` numbers the connection it used (1, 2, ... in order of first use). */
function send(agent: Agent, sockets: Map<object, number>, path: string, body: Buffer, headers: object) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request(
      {
        agent,
        host: "127.0.0.1",
        port,
        method: "POST",
        path,
        headers: { ...headers, "content-length": body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            socket: sockets.get(req.socket!) ?? 0,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("socket", (socket) => {
      if (!sockets.has(socket)) sockets.set(socket, sockets.size + 1);
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("a 413 and the keep-alive connection", () => {
  it("after a 10 MB avatar's 413, the next request from the same client succeeds (five times)", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const sockets = new Map<object, number>();
    const auth = { ...t.headers, cookie: user.cookie };
    // A JPEG header then 10 MB: the gate refuses it once past the 2 MB limit.
    const big = multipart([
      {
        filename: "big.jpg",
        contentType: "image/jpeg",
        bytes: Buffer.concat([await jpeg(40, 40), randomBytes(10 * 1024 * 1024)]),
      },
    ]);
    const small = multipart([
      { filename: "small.jpg", contentType: "image/jpeg", bytes: await jpeg(64, 64) },
    ]);
    expect(big.payload.length).toBeGreaterThan(4 * AVATAR_MAX_BYTES);
    try {
      for (let round = 1; round <= 5; round++) {
        const refused = await send(agent, sockets, "/api/users/avatar", big.payload, {
          ...auth,
          ...big.headers,
        });
        expect({ round, status: refused.status, code: JSON.parse(refused.body).code }).toEqual({
          round,
          status: 413,
          code: "PAYLOAD_TOO_LARGE",
        });
        const next = await send(agent, sockets, "/api/users/avatar", small.payload, {
          ...auth,
          ...small.headers,
        });
        // A request whose body was read keeps its connection.
        expect({ round, status: next.status, connection: next.headers.connection }).toEqual({
          round,
          status: 200,
          connection: "keep-alive",
        });
        // Said and done: a connection the server closes is announced, a kept one carried the next request.
        if (refused.headers.connection === "close") expect(next.socket).not.toBe(refused.socket);
        else expect(next.socket).toBe(refused.socket);
      }
    } finally {
      agent.destroy();
    }
  });
});
