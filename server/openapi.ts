import fs from 'node:fs/promises';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../shared/schemas/error.ts';
import { Club } from '../shared/schemas/club.ts';
import { Competition } from '../shared/schemas/competition.ts';
import { EventSummary, LiveResults, PublicEvent } from '../shared/schemas/event.ts';
import { EventHistory } from '../shared/schemas/eventHistory.ts';
import { AthleteRow } from '../shared/schemas/athlete.ts';
import { PricePlan } from '../shared/schemas/pricing.ts';
import { UploadAccepted, UploadFileType, UploadView } from '../shared/schemas/upload.ts';
import { rootUrl } from './ownFiles.ts';

const OPENAPI_PATH = '/api/openapi.json';
const DOCS_PATH = '/api/docs';

/**
 * The public API's parts, by address: every operation under one of these is in the document
 * with its tag. Anything else (the admin console's session routes, registration, the
 * site's own settings, /dev) is left out, so a new internal route never shows by accident.
 */
const PUBLIC_PREFIXES: readonly (readonly [prefix: string, tag: string])[] = [
  ['/api/competitions', 'Competitions'],
  ['/api/events', 'Events'],
  ['/api/clubs', 'Clubs'],
  ['/api/prices', 'Pricing'],
  ['/api/files/', 'Files'],
  ['/api/waitinglist', 'Waiting list'],
  ['/api/agent', 'Timing room'],
];
const TIMING_ROOM = 'Timing room';

const binary = { type: 'string', format: 'binary' } as const;
/** The multipart body of an upload of one file (server/uploads/intake.ts reads it). */
const oneFile = (takes: string) => ({
  consumes: ['multipart/form-data'],
  description: `Takes ${takes}. Answers 202 once the file is stored; the outcome follows.`,
  body: {
    type: 'object',
    properties: {
      type: {
        type: 'string',
        enum: UploadFileType.options,
        description: 'Which kind of file; sent before the file. Without it, the kind it had.',
      },
      file: binary,
    },
    required: ['file'],
  },
});

/**
 * Each documented operation (by method and Fastify's path): what it does in a line, and
 * what its route's schema cannot say (a multipart body, a file or an empty answer).
 */
const OPERATIONS: Record<string, { summary: string; more?: Record<string, unknown> }> = {
  'GET /api/competitions': { summary: 'Public competitions, with their count of public events' },
  'GET /api/competitions/:competitionUic': { summary: 'One public competition' },
  'GET /api/events': {
    summary: "Public events, all or one competition's (without rows), in the meet's running order",
  },
  'GET /api/events/:eventId': {
    summary: 'One event: start list, results, its competition and its club',
    more: {
      description:
        "`live` holds the unofficial results of the finish camera's scoreboard until the results file is in.",
    },
  },
  'GET /api/events/:eventId/history': {
    summary: "Every version of an event's shown results, newest first, with what changed",
    more: {
      description:
        'A version is kept whenever a place, time or mark, code (DNS, DNF, DQ…), athlete or the status changes. `correction` marks a change to results already published as results (not the scoreboard lines being replaced by the results file, nor a status change alone).',
    },
  },
  'GET /api/clubs': { summary: 'Clubs shown on the site' },
  'GET /api/prices': { summary: 'Price plans and the features each includes' },
  'GET /api/files/:id': {
    summary: 'A competition image or a photo-finish PDF',
    more: {
      description:
        'The addresses in `imageLink` and `pdfLink`. A file never changes under its id: cached for a year, with an ETag. `?download` asks for it as an attachment.',
      response: {
        200: {
          description: 'The file',
          content: Object.fromEntries(
            ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'].map((type) => [
              type,
              { schema: binary },
            ]),
          ),
        },
      },
    },
  },
  'POST /api/waitinglist': { summary: 'Join the waiting list' },
  'GET /api/agent': { summary: 'What the token is good for' },
  'POST /api/agent/status': {
    summary:
      "The agent's status report, shown live in the admin console; the answer says whether to send the files it holds back",
  },
  'POST /api/agent/scoreboard': {
    summary: "A heat's scoreboard results (unofficial), or its race clock",
  },
  'POST /api/admin/events/:id/upload-results': {
    summary: "Upload an event's results",
    more: oneFile(
      'an .xlsx (manual template or meet-management export), .xml (not MANUAL), FinishLynx .lif or FieldLynx .lff',
    ),
  },
  'POST /api/admin/events/:id/upload-start-list': {
    summary: "Upload an event's start list",
    more: oneFile('an .xlsx, or an .xml or lynx.evt when not MANUAL'),
  },
  'POST /api/admin/competitions/:uic/upload-timetable': {
    summary: "Upload a competition's timetable: it creates the events",
    more: oneFile("an .xlsx, or an .xml when not MANUAL; needs the plan's timetable feature"),
  },
  'POST /api/admin/competitions/:uic/upload-lynx': {
    summary: 'Upload FinishLynx files, in any mix and order',
    more: {
      consumes: ['multipart/form-data'],
      description:
        'A file Rith already has with this content is `unchanged` and changes nothing; when every file is, the answer is 200 with the upload that brought them.',
      body: {
        type: 'object',
        properties: {
          files: {
            type: 'array',
            items: binary,
            description: 'lynx.evt, lynx.sch, lynx.ppl, .lif and .lff files',
          },
        },
        required: ['files'],
      },
    },
  },
  'GET /api/admin/uploads/:id': { summary: "An upload's status and each file's outcome" },
};

/** The payloads named in the document, so a generated client gets a type for each. */
const components = z.registry<{ id: string }>();
components.add(PublicEvent, { id: 'Event' });
components.add(EventSummary, { id: 'EventSummary' });
components.add(LiveResults, { id: 'LiveResults' });
components.add(EventHistory, { id: 'EventHistory' });
components.add(AthleteRow, { id: 'AthleteRow' });
components.add(Competition, { id: 'Competition' });
components.add(Club, { id: 'Club' });
components.add(PricePlan, { id: 'PricePlan' });
components.add(UploadAccepted, { id: 'UploadAccepted' });
components.add(UploadView, { id: 'UploadView' });
components.add(ApiError, { id: 'ApiError' });

const routeToJson = createJsonSchemaTransform({ schemaRegistry: components });
const componentsToJson = createJsonSchemaTransformObject({ schemaRegistry: components });

/** The section and the sign-in of a route, or null when the route is not public. */
function placeOf(route: RouteOptions): { tag: string; token: boolean } | null {
  // The routes of a competition's uploads that its timing room token may call.
  if (route.config?.agentScope !== undefined) return { tag: TIMING_ROOM, token: true };
  const found = PUBLIC_PREFIXES.find(([prefix]) => route.url.startsWith(prefix));
  return found ? { tag: found[1], token: found[1] === TIMING_ROOM } : null;
}

const transform: SwaggerTransform = (input) => {
  const place = placeOf(input.route);
  if (!place) return { schema: { hide: true }, url: input.url };
  const { schema, url } = routeToJson(input);
  const operation = OPERATIONS[`${String(input.route.method)} ${input.route.url}`];
  return {
    url,
    schema: {
      ...schema,
      tags: [place.tag],
      ...(operation ? { summary: operation.summary, ...operation.more } : {}),
      ...(place.token ? { security: [{ timingRoomToken: [] }] } : {}),
    },
  };
};

type Response = { description?: string } | { $ref: string };
type Operation = { security?: unknown; responses?: Record<string, Response> };

/** Words for the answers that Fastify's schemas leave undescribed. */
const ANSWERED: Record<string, string> = {
  '200': 'OK',
  '202': 'Stored and queued: the outcome follows (GET /api/admin/uploads/{id})',
  '204': 'Received',
};

/**
 * Every operation's failures answer the same body, described once (components.responses),
 * and a timing room operation says what a wrong token gets.
 */
function withFailures(paths: Record<string, Record<string, Operation>>): void {
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const responses = (operation.responses ??= {});
      for (const [status, response] of Object.entries(responses)) {
        if ('description' in response && response.description === 'Default Response') {
          response.description = ANSWERED[status] ?? response.description;
        }
      }
      if (operation.security) responses['401'] = { $ref: '#/components/responses/BadToken' };
      responses.default = { $ref: '#/components/responses/Failure' };
    }
  }
}

const DESCRIPTION = `Live athletics results: competitions, their events with start lists and results, clubs and price plans, as the Rith site shows them.

Reading needs no sign-in. Every answer is JSON; a failure answers an \`ApiError\` with a fitting status: show \`error\`, decide by \`code\`. Each competition and event carries a \`version\` that rises with every change: a copy with a lower version is out of date. Pages are pushed changes over Socket.IO (\`/socket.io\`), which this document does not describe; see the README's "Live updates". Scoreboards and other tools can follow a competition or an event over a plain WebSocket: \`/feed?competitionUic=\` or \`/feed?eventId=\` sends a snapshot, then every public change as JSON (README "The open live feed").

The **Timing room** operations publish a competition's results from its timing PC. They take the competition's timing room token (made in the admin console's Timing room panel) as \`Authorization: Bearer rith_…\`; the Rith agent (\`/agent/rith-agent.mjs\`) calls them for you.`;

type Document = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; responses?: unknown };
};

/**
 * The named schemas something refers to. The zod registry makes an input and an output
 * version of each; only the ones used (outputs, as no request body is named) are kept.
 */
function onlyReferenced(openapi: Document): Record<string, unknown> {
  const { schemas } = openapi.components;
  const kept: Record<string, unknown> = {};
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const name =
        key === '$ref' && typeof value === 'string'
          ? value.replace('#/components/schemas/', '')
          : undefined;
      if (name !== undefined && !(name in kept) && name in schemas) {
        kept[name] = schemas[name];
        visit(schemas[name]);
      } else visit(value);
    }
  };
  visit([openapi.paths, openapi.components.responses]);
  return kept;
}

/**
 * zod bounds every integer by JavaScript's safe range, which says nothing to a reader and
 * makes Swagger UI show -9007199254740991 as the example of every id.
 */
function withoutSafeIntegerBounds<T>(openapi: T): T {
  return JSON.parse(JSON.stringify(openapi), (key, value: unknown) =>
    (key === 'minimum' || key === 'maximum') && Math.abs(Number(value)) === Number.MAX_SAFE_INTEGER
      ? undefined
      : value,
  ) as T;
}

/**
 * The OpenAPI 3.1 document of the public API, generated from the routes' zod schemas, at
 * /api/openapi.json, and Swagger UI reading it at /api/docs. Registered before the routes:
 * @fastify/swagger collects routes as they are added.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  const pkg = JSON.parse(await fs.readFile(new URL('package.json', rootUrl), 'utf8')) as {
    version: string;
  };
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Rith API', version: pkg.version, description: DESCRIPTION },
      tags: PUBLIC_PREFIXES.map(([, name]) =>
        name === TIMING_ROOM
          ? { name, description: "With a competition's timing room token: publish to it." }
          : { name },
      ),
      components: {
        securitySchemes: {
          timingRoomToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A competition's timing room token: good only for that competition's uploads and the agent's own calls.",
          },
        },
        responses: {
          Failure: {
            description: 'Refused or failed; `error` says why in words, `code` names it.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
          },
          BadToken: {
            description: 'No token, a wrong or revoked one, or one of another competition.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
          },
        },
      },
    },
    transform,
    transformObject: (document) => {
      const openapi = componentsToJson(document) as Document;
      withFailures(openapi.paths);
      openapi.components.schemas = onlyReferenced(openapi);
      return withoutSafeIntegerBounds(openapi);
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PATH,
    theme: { title: 'Rith API' },
    uiConfig: { layout: 'BaseLayout', docExpansion: 'list', deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
}
