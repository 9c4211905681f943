/**
 * The stack's caps as the capacity model (infra/capacity.ts) takes them: reserved concurrencies and throttles,
 * read from what infra/stack.ts and its constructs export. The one place that knows those names, so that when
 * they change (stack parameters with 1 M DAU defaults, issue 27) only this file follows. It loads aws-cdk-lib
 * (the constructs do); infra/capacity.ts does not.
 */
import type { StackLimits } from './capacity.js';
import { LIVE_POKE_RESERVED_CONCURRENCY } from './constructs/live.js';
import {
  BOTS_RESERVED_CONCURRENCY,
  DIGEST_RESERVED_CONCURRENCY,
  DISPATCHER_RESERVED_CONCURRENCY,
  FRONT_DOOR,
  LIVE_CONNECT_THROTTLE,
  LIVE_THROTTLE,
  STREAM_READER_CONCURRENCY,
  SWEEP_RESERVED_CONCURRENCY,
} from './stack.js';

export const STACK_LIMITS: StackLimits = {
  reservedConcurrency: {
    // The front door reserves nothing by default (null: the account's unreserved pool).
    api: FRONT_DOOR.apiReservedConcurrency ?? null,
    streamReader: STREAM_READER_CONCURRENCY,
    dispatcher: DISPATCHER_RESERVED_CONCURRENCY,
    bots: BOTS_RESERVED_CONCURRENCY,
    sweep: SWEEP_RESERVED_CONCURRENCY,
    digest: DIGEST_RESERVED_CONCURRENCY,
    liveSocket: FRONT_DOOR.liveSocketReservedConcurrency ?? null,
    livePoke: LIVE_POKE_RESERVED_CONCURRENCY,
  },
  // The API's URL has no throttle of its own: a reservation caps it at 10 requests/s per environment.
  apiUrlRate: FRONT_DOOR.apiReservedConcurrency === undefined ? null : 10 * FRONT_DOOR.apiReservedConcurrency,
  webSocketRate: LIVE_THROTTLE.rateLimit,
  webSocketConnectRate: LIVE_CONNECT_THROTTLE.rateLimit,
};
