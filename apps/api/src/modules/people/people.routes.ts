/**
 * `/api/authors`, `/api/artists`, `/api/characters`: the same routes for each kind of person
 * (contracts/people.ts). Rules in people.service.ts; `POST .../:id/deleteRequest` lives with the other
 * requests (requests.routes.ts).
 */
import { ZComicParams } from "@vt/shared/contracts/comics";
import {
  PERSON_KINDS,
  PERSON_PATHS,
  ZPerson,
  ZPersonBody,
  ZPersonListQuery,
  ZPersonListResponse,
} from "@vt/shared/contracts/people";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { requireUser } from "../../auth/session";
import { errorResponses as e } from "../../lib/route-errors";
import * as service from "./people.service";

export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preValidation", async (request) => {
    await requireUser(request);
  });
  const deps = () => ({ db: app.db });

  for (const kind of PERSON_KINDS) {
    const base = `/${PERSON_PATHS[kind]}`;
    const tags = ["people"];

    app.get(
      base,
      {
        schema: {
          tags,
          summary: `List ${PERSON_PATHS[kind]} (accent-insensitive search), with comic/couple counts and teams`,
          querystring: ZPersonListQuery,
          response: { 200: ZPersonListResponse, ...e(401, 422) },
        },
      },
      async (request) => service.listPeople(deps(), await requireUser(request), kind, request.query),
    );

    app.get(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `One ${kind}`,
          params: ZComicParams,
          response: { 200: ZPerson, ...e(401, 404) },
        },
      },
      async (request) => service.getPerson(deps(), await requireUser(request), kind, request.params.id),
    );

    app.post(
      base,
      {
        schema: {
          tags,
          summary: `Create an ${kind} (members of any team)`,
          body: ZPersonBody,
          response: { 201: ZPerson, ...e(401, 403, 409, 422) },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(await service.createPerson(deps(), await requireUser(request), kind, request.body)),
    );

    app.put(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: `Rename an ${kind} (its creator, teams working on it, admins)`,
          params: ZComicParams,
          body: ZPersonBody,
          response: { 200: ZPerson, ...e(401, 403, 404, 409, 422) },
        },
      },
      async (request) =>
        service.renamePerson(deps(), await requireUser(request), kind, request.params.id, request.body),
    );
  }
};
