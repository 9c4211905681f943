/** The replay routes in the OpenAPI document (functions/http/openapi.ts spreads them in). */
import * as z from 'zod/mini';
import { ErrorResponse, ReplayResponse } from './responses.js';

const json = (schema: z.ZodMiniType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) },
});
const error = (description: string) => ({ description, content: json(ErrorResponse) });
const version = (name: string, description: string) => ({
  name,
  in: 'query',
  required: false,
  schema: { type: 'integer', minimum: 1 },
  description,
});
const query = [
  version('from', 'First version (the first step is the game as it stood then); default: the first step'),
  version('to', 'Last version, at most the match version; default: the match version'),
  {
    name: 'as',
    in: 'query',
    required: false,
    schema: { type: 'integer', minimum: 0 },
    description: 'After the end, where the game offers it (`everySeat`): replay as this seat saw the game',
  },
];
const answer = {
  200: { description: 'At most 50 steps {version, at, view, log}; `next` is where the next page starts', content: json(ReplayResponse) },
  400: error('Malformed query, or a range outside 1…version (replay-range)'),
  401: error('Missing or malformed token'),
  403: error('Token does not open this seat or match, or another seat asked for while the match is in play (replay-not-offered)'),
  404: error('No such match'),
  500: error('The log no longer leads to the stored game (replay-diverged): nothing is shown'),
};

export function replayPaths(idParam: object, seatParams: object[], auth: object[]) {
  return {
    '/api/matches/{id}/seats/{seat}/replay': {
      get: {
        summary: "Replay the match as my seat saw it at each version (in play: only my own view; the seed and others' hidden cards never)",
        security: auth,
        parameters: [...seatParams, ...query],
        responses: answer,
      },
    },
    '/api/matches/{id}/spectate/replay': {
      get: {
        summary: 'Replay the match as spectators saw it (public view)',
        security: auth,
        parameters: [idParam, ...query],
        responses: answer,
      },
    },
  };
}
